import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { FakeBilling, parseStripeParams, StripeRequestError } from './fake-stripe-billing';

export interface FakePaymentIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  currency: string;
  status: 'requires_payment_method' | 'succeeded';
  client_secret: string;
  metadata: Record<string, string>;
  automatic_payment_methods: { enabled: boolean } | null;
  description: string | null;
  last_payment_error: { type: string; code: string; message: string } | null;
  livemode: false;
  created: number;
}

export interface CreateRequest {
  idempotencyKey: string | undefined;
  params: Record<string, string>;
}

/**
 * The part of Stripe's API the server uses, on 127.0.0.1: PaymentIntents created from
 * form-encoded bodies (with Idempotency-Key honoured as Stripe does) and retrieved by id, and
 * Billing (`billing`). The test decides how each payment ends. Events go to the webhook when one
 * is set (as Stripe delivers them), otherwise to `outbox` for the test to deliver in any order.
 */
export class FakeStripe {
  readonly intents = new Map<string, FakePaymentIntent>();
  readonly billing = new FakeBilling({
    createIntent: (amount, currency, metadata) => this.makeIntent({ amount, currency, metadata }),
    emit: (type, object) => this.emit(type, object),
  });
  /** Signed-to-be event bodies, oldest first, when no webhook is set. */
  readonly outbox: string[] = [];
  private readonly billingReplies = new Map<string, { params: string; body: unknown }>();
  private readonly billingInFlight = new Set<string>();
  /** Every create that reached the server, replays included. */
  readonly createRequests: CreateRequest[] = [];
  /** Answer creates with an error, as Stripe does when it refuses a request. */
  refuseCreates = false;
  /** Create the next intent, then cut the connection before answering. */
  dropNextCreateReply = false;
  private readonly byIdempotencyKey = new Map<string, FakePaymentIntent>();
  private server: Server | null = null;

  /** The card number Stripe's test mode declines. */
  static readonly DECLINED_CARD = '4000000000000002';
  /** Stripe's test card whose bank asks for 3-D Secure on every payment, saved-card ones included. */
  static readonly AUTHENTICATION_CARD = '4000002760003184';

  constructor(
    readonly secretKey = 'sk_test_fake',
    /** Where a browser confirm sends its signed event, as Stripe would deliver it. */
    private readonly webhook?: { url: string; secret: string; publishableKey: string },
  ) {}

  async start(port = 0): Promise<string> {
    const server = createServer((request, response) => {
      this.handle(request, response).catch((error: unknown) =>
        this.sendError(response, 500, 'api_error', String(error)),
      );
    });
    await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
    this.server = server;
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    const server = this.server;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    this.server = null;
  }

  intent(id: string): FakePaymentIntent {
    const intent = this.intents.get(id);
    if (!intent) throw new Error(`no intent ${id}`);
    return intent;
  }

  /** The buyer's card went through. */
  succeed(id: string): FakePaymentIntent {
    const intent = this.intent(id);
    intent.status = 'succeeded';
    intent.last_payment_error = null;
    return intent;
  }

  /** The buyer's card was declined: Stripe sends the intent back to waiting for a payment method. */
  decline(id: string): FakePaymentIntent {
    const intent = this.intent(id);
    intent.status = 'requires_payment_method';
    intent.last_payment_error = { type: 'card_error', code: 'card_declined', message: 'Your card was declined.' };
    return intent;
  }

  /** A webhook event about an object, as Stripe would post it (unsigned: the test signs it). */
  event(type: string, object: object): string {
    return JSON.stringify({
      id: `evt_${randomBytes(8).toString('hex')}`,
      object: 'event',
      api_version: '2025-01-01',
      created: Math.floor(Date.now() / 1000),
      type,
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      data: { object },
    });
  }

  /** The `Stripe-Signature` header Stripe sends with an event body. */
  static sign(payload: string, secret: string, timestamp = Math.floor(Date.now() / 1000)): string {
    const signature = createHmac('sha256', secret).update(`${timestamp}.${payload}`).digest('hex');
    return `t=${timestamp},v1=${signature}`;
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const confirm = /^\/v1\/payment_intents\/([^/]+)\/confirm$/.exec(url.pathname);
    if (
      request.method === 'POST' &&
      confirm &&
      this.webhook &&
      request.headers.authorization === `Bearer ${this.webhook.publishableKey}`
    ) {
      return this.confirmFromBrowser(
        response,
        decodeURIComponent(confirm[1]!),
        new URLSearchParams(await readBody(request)),
      );
    }
    if (request.headers.authorization !== `Bearer ${this.secretKey}`) {
      return this.sendError(response, 401, 'invalid_request_error', 'Invalid API Key provided.');
    }
    if (url.pathname.startsWith('/v1/') && !url.pathname.startsWith('/v1/payment_intents')) {
      const form = request.method === 'POST' ? new URLSearchParams(await readBody(request)) : url.searchParams;
      return this.billingCall(request, response, url.pathname.slice(3), parseStripeParams(form));
    }
    if (request.method === 'POST' && url.pathname === '/v1/payment_intents') {
      return this.create(request, response, new URLSearchParams(await readBody(request)));
    }
    const retrieve = /^\/v1\/payment_intents\/([^/]+)$/.exec(url.pathname);
    if (request.method === 'GET' && retrieve) {
      const intent = this.intents.get(decodeURIComponent(retrieve[1]!));
      if (!intent)
        return this.sendError(response, 404, 'invalid_request_error', 'No such payment_intent', 'resource_missing');
      return this.send(response, 200, intent);
    }
    return this.sendError(
      response,
      404,
      'invalid_request_error',
      `Unrecognized request URL (${request.method}: ${url.pathname})`,
    );
  }

  /**
   * What Stripe.js does when the buyer pays: the card decides the outcome, and Stripe tells the
   * app through its webhook before answering the browser.
   */
  private async confirmFromBrowser(response: ServerResponse, id: string, form: URLSearchParams): Promise<void> {
    const intent = this.intents.get(id);
    if (!intent || form.get('client_secret') !== intent.client_secret) {
      return this.sendError(response, 404, 'invalid_request_error', 'No such payment_intent', 'resource_missing');
    }
    const card = form.get('payment_method_data[card][number]');
    const declined = card === FakeStripe.DECLINED_CARD;
    if (declined) this.decline(id);
    else this.succeed(id);
    await this.emit(declined ? 'payment_intent.payment_failed' : 'payment_intent.succeeded', intent);
    if (!declined)
      await this.billing.intentSucceeded(id, { authenticatesEveryCharge: card === FakeStripe.AUTHENTICATION_CARD });
    this.send(response, 200, intent);
  }

  /** What the browser's Stripe.js does with a client secret once the card is accepted. */
  async payWithCard(clientSecret: string): Promise<void> {
    const id = clientSecret.split('_secret_')[0]!;
    if (this.intent(id).client_secret !== clientSecret) throw new Error('wrong client secret');
    this.succeed(id);
    await this.emit('payment_intent.succeeded', this.intent(id));
    await this.billing.intentSucceeded(id);
  }

  /** Stripe tells the app: posted to the webhook when there is one, kept in the outbox otherwise. */
  private async emit(type: string, object: object): Promise<void> {
    const payload = this.event(type, structuredClone(object));
    if (!this.webhook) {
      this.outbox.push(payload);
      return;
    }
    await fetch(this.webhook.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'stripe-signature': FakeStripe.sign(payload, this.webhook.secret),
      },
      body: payload,
    });
  }

  /** A Billing call, with Idempotency-Key honoured as Stripe does: same key, same parameters, same answer. */
  private async billingCall(
    request: IncomingMessage,
    response: ServerResponse,
    path: string,
    params: Record<string, unknown>,
  ): Promise<void> {
    const key = request.method === 'POST' ? header(request, 'idempotency-key') : undefined;
    const seen = key ? this.billingReplies.get(key) : undefined;
    if (key && this.billingInFlight.has(key))
      // Stripe answers a request whose key is still being processed with a 409; its clients retry.
      return this.sendError(
        response,
        409,
        'idempotency_error',
        'There is currently another in-progress request using this Idempotent Key. Please try again later.',
      );
    if (seen) {
      if (seen.params !== JSON.stringify([path, params]))
        return this.sendError(
          response,
          400,
          'idempotency_error',
          'Keys for idempotent requests can only be used with the same parameters they were first used with.',
        );
      return this.send(response, 200, seen.body);
    }
    if (key) this.billingInFlight.add(key);
    try {
      const answer = await this.billing.handle(request.method ?? 'GET', path, params);
      if (!answer)
        return this.sendError(
          response,
          404,
          'invalid_request_error',
          `Unrecognized request URL (${request.method}: /v1${path})`,
        );
      if (key) this.billingReplies.set(key, { params: JSON.stringify([path, params]), body: answer.body });
      this.send(response, answer.status, answer.body);
    } catch (error) {
      if (!(error instanceof StripeRequestError)) throw error;
      this.send(response, error.status, {
        error: {
          type: error.type,
          message: error.message,
          ...(error.code ? { code: error.code } : {}),
          ...(error.param ? { param: error.param } : {}),
        },
      });
    } finally {
      if (key) this.billingInFlight.delete(key);
    }
  }

  private create(request: IncomingMessage, response: ServerResponse, form: URLSearchParams): void {
    const idempotencyKey = header(request, 'idempotency-key');
    this.createRequests.push({ idempotencyKey, params: Object.fromEntries(form) });
    if (this.refuseCreates) return this.sendError(response, 400, 'invalid_request_error', 'Refused by the test.');

    const replay = idempotencyKey ? this.byIdempotencyKey.get(idempotencyKey) : undefined;
    const intent = replay ?? this.newIntent(form);
    if (idempotencyKey) this.byIdempotencyKey.set(idempotencyKey, intent);
    if (this.dropNextCreateReply) {
      this.dropNextCreateReply = false;
      request.socket.destroy();
      return;
    }
    this.send(response, 200, intent);
  }

  private newIntent(form: URLSearchParams): FakePaymentIntent {
    const metadata: Record<string, string> = {};
    for (const [key, value] of form) {
      const field = /^metadata\[(.+)\]$/.exec(key)?.[1];
      if (field) metadata[field] = value;
    }
    return this.makeIntent({
      amount: Number(form.get('amount')),
      currency: form.get('currency') ?? '',
      metadata,
      automatic_payment_methods: form.has('automatic_payment_methods[enabled]')
        ? { enabled: form.get('automatic_payment_methods[enabled]') === 'true' }
        : null,
      description: form.get('description'),
    });
  }

  private makeIntent(
    fields: Pick<FakePaymentIntent, 'amount' | 'currency' | 'metadata'> &
      Partial<Pick<FakePaymentIntent, 'automatic_payment_methods' | 'description'>>,
  ): FakePaymentIntent {
    const id = `pi_${randomBytes(12).toString('hex')}`;
    const intent: FakePaymentIntent = {
      id,
      object: 'payment_intent',
      status: 'requires_payment_method',
      client_secret: `${id}_secret_${randomBytes(12).toString('hex')}`,
      automatic_payment_methods: null,
      description: null,
      last_payment_error: null,
      livemode: false,
      created: Math.floor(Date.now() / 1000),
      ...fields,
    };
    this.intents.set(id, intent);
    return intent;
  }

  private send(response: ServerResponse, status: number, body: unknown): void {
    response.writeHead(status, {
      'content-type': 'application/json',
      'request-id': `req_${randomBytes(6).toString('hex')}`,
    });
    response.end(JSON.stringify(body));
  }

  private sendError(response: ServerResponse, status: number, type: string, message: string, code?: string): void {
    this.send(response, status, { error: { type, message, ...(code ? { code } : {}) } });
  }
}

function header(request: IncomingMessage, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}
