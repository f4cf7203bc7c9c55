import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A stand-in for api.replicate.com on 127.0.0.1, enough for the official client: create a
 * prediction (by model or by version), read it, cancel it, and download its output file. A
 * prediction created with a `webhook` runs on its own and reports by signed webhooks, as
 * Replicate does; one without is advanced by its polls.
 */
export type Scenario =
  /** Succeeds on the first poll. */
  | 'success'
  /** Fails on the first poll, as a model does on a refused prompt. */
  | 'failed'
  /** Stays "processing" forever. */
  | 'slow'
  /** The API answers 500 to everything. */
  | 'http-500';

export interface RecordedRequest {
  method: string;
  path: string;
  authorization: string | undefined;
  body: unknown;
}

interface Prediction {
  id: string;
  status: string;
  polls: number;
  input: unknown;
  webhook?: { url: string; events: string[] };
}

/** A webhook the fake sent, and the status the receiver answered. */
export interface SentWebhook {
  predictionId: string;
  status: string;
  answer: number;
  signed: SignedWebhook;
}

export interface SignedWebhook {
  headers: Record<'webhook-id' | 'webhook-timestamp' | 'webhook-signature', string>;
  body: string;
}

/** Where webhooks go: a real POST by default; a test may hand them to an app in-process. */
export type WebhookTransport = (url: string, webhook: SignedWebhook) => Promise<number>;

export interface FakeReplicate {
  /** For the client's `baseUrl`. */
  baseUrl: string;
  requests: RecordedRequest[];
  canceled: string[];
  scenario: Scenario;
  /** What a successful prediction's output URL serves. */
  output: { body: Buffer; contentType: string };
  /** The account's signing secret, as Replicate gives it. */
  webhookSecret: string;
  webhooks: SentWebhook[];
  transport: WebhookTransport;
  /** Signs a body as Replicate does; `timestamp` in seconds, now by default. */
  sign(body: string, options?: { id?: string; timestamp?: number; secret?: string }): SignedWebhook;
  /** Resolves once `condition` holds, checked after every request and webhook. */
  until(condition: () => boolean): Promise<void>;
  close(): Promise<void>;
}

/** Standard Webhooks, as Replicate signs: HMAC-SHA256 of "id.timestamp.body" with the base64 key after "whsec_". */
function signWebhook(secret: string, body: string, id: string, timestamp: number): SignedWebhook {
  const key = Buffer.from(secret.slice('whsec_'.length), 'base64');
  const signature = createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64');
  return { headers: { 'webhook-id': id, 'webhook-timestamp': String(timestamp), 'webhook-signature': `v1,${signature}` }, body };
}

const postWebhook: WebhookTransport = async (url, webhook) =>
  (await fetch(url, { method: 'POST', headers: { ...webhook.headers, 'content-type': 'application/json' }, body: webhook.body })).status;

function readBody(request: IncomingMessage): Promise<unknown> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      resolve(text ? JSON.parse(text) : undefined);
    });
  });
}

function json(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

export async function startFakeReplicate(): Promise<FakeReplicate> {
  const predictions = new Map<string, Prediction>();
  let origin = '';
  let waiters: { condition: () => boolean; resolve: () => void }[] = [];
  const checkWaiters = () => {
    waiters = waiters.filter((waiter) => (waiter.condition() ? (waiter.resolve(), false) : true));
  };
  const fake: FakeReplicate = {
    baseUrl: '',
    requests: [],
    canceled: [],
    scenario: 'success',
    output: { body: Buffer.alloc(0), contentType: 'application/octet-stream' },
    webhookSecret: `whsec_${randomBytes(24).toString('base64')}`,
    webhooks: [],
    transport: postWebhook,
    sign: (body, options = {}) =>
      signWebhook(options.secret ?? fake.webhookSecret, body, options.id ?? `msg_${randomBytes(8).toString('hex')}`, options.timestamp ?? Math.floor(Date.now() / 1000)),
    until: (condition) =>
      new Promise((resolve) => {
        waiters.push({ condition, resolve });
        checkWaiters();
      }),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };

  const view = (prediction: Prediction) => ({
    id: prediction.id,
    status: prediction.status,
    model: 'fake/model',
    version: 'hidden',
    input: prediction.input,
    output: prediction.status === 'succeeded' ? `${origin}/files/${prediction.id}` : null,
    error: prediction.status === 'failed' ? 'The model refused this input' : null,
    urls: { get: `${origin}/v1/predictions/${prediction.id}`, cancel: `${origin}/v1/predictions/${prediction.id}/cancel` },
    created_at: new Date(0).toISOString(),
  });

  /** The webhooks of a prediction's new status that its filter asks for ("completed" covers every end). */
  const report = async (prediction: Prediction, event: 'start' | 'completed') => {
    if (!prediction.webhook?.events.includes(event)) return;
    const signed = fake.sign(JSON.stringify(view(prediction)));
    const answer = await fake.transport(prediction.webhook.url, signed).catch(() => 0);
    fake.webhooks.push({ predictionId: prediction.id, status: prediction.status, answer, signed });
    checkWaiters();
  };

  /** With a webhook, the prediction runs by itself: it starts, then ends as the scenario says. */
  const runWithWebhooks = async (prediction: Prediction) => {
    prediction.status = 'processing';
    await report(prediction, 'start');
    if (fake.scenario === 'slow' || prediction.status !== 'processing') return;
    prediction.status = fake.scenario === 'failed' ? 'failed' : 'succeeded';
    await report(prediction, 'completed');
  };

  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const path = new URL(request.url ?? '/', origin).pathname;
    const body = request.method === 'POST' ? await readBody(request) : undefined;
    fake.requests.push({ method: request.method ?? '', path, authorization: request.headers.authorization, body });

    if (path.startsWith('/files/')) {
      response.writeHead(200, { 'content-type': fake.output.contentType, 'content-length': fake.output.body.length }).end(fake.output.body);
      return;
    }
    if (fake.scenario === 'http-500') {
      json(response, 500, { detail: 'Internal server error' });
      return;
    }
    if (request.method === 'POST' && (/^\/v1\/models\/[^/]+\/[^/]+\/predictions$/.test(path) || path === '/v1/predictions')) {
      const { input, webhook, webhook_events_filter: events } = (body ?? {}) as { input?: unknown; webhook?: string; webhook_events_filter?: string[] };
      // Like Replicate, the prediction echoes its input (our image's data URI) in every answer and webhook.
      const prediction: Prediction = { id: `p${predictions.size + 1}`, status: 'starting', polls: 0, input, ...(webhook ? { webhook: { url: webhook, events: events ?? ['start', 'output', 'logs', 'completed'] } } : {}) };
      predictions.set(prediction.id, prediction);
      json(response, 201, view(prediction));
      if (prediction.webhook) void runWithWebhooks(prediction);
      return;
    }
    const match = /^\/v1\/predictions\/([^/]+)(\/cancel)?$/.exec(path);
    const prediction = match?.[1] ? predictions.get(match[1]) : undefined;
    if (!prediction) {
      json(response, 404, { detail: 'Not found' });
      return;
    }
    if (match?.[2]) {
      const wasRunning = prediction.status === 'starting' || prediction.status === 'processing';
      if (wasRunning) prediction.status = 'canceled';
      fake.canceled.push(prediction.id);
      json(response, 200, view(prediction));
      if (wasRunning) void report(prediction, 'completed');
      return;
    }
    if (!prediction.webhook && (prediction.status === 'starting' || prediction.status === 'processing')) {
      prediction.polls += 1;
      prediction.status = { success: 'succeeded', failed: 'failed', slow: 'processing' }[fake.scenario];
    }
    json(response, 200, view(prediction));
  };
  const server = createServer((request, response) => void handle(request, response).finally(checkWaiters));

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.baseUrl = `${origin}/v1`;
  return fake;
}
