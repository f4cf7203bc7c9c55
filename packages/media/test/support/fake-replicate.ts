import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { createHmac, randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';

/**
 * A stand-in for api.replicate.com on 127.0.0.1 that answers as Replicate's public contract says:
 * every prediction's input is validated against the model's published input schema (the fixtures
 * in test/fixtures/replicate-models), and refused with a 422 carrying `invalid_fields`; a bad
 * token is a 401, an empty balance a 402, a throttled create a 429 whose only hint is in its
 * words ("resets in ~30s": no field, no Retry-After); the Files API takes multipart uploads; a
 * prediction created with a `webhook` runs on its own and reports by signed webhooks, one without
 * is advanced by its polls. The gateway in front fails as real ones do, when told: a 502 page, a
 * connection reset.
 */
export type Scenario =
  /** Succeeds on the first poll, or at once with a webhook. */
  | 'success'
  /** Fails as a model does on an input it cannot use. */
  | 'failed'
  /** Fails as Replicate's safety checker refuses (E005). */
  | 'moderation'
  /** Stays "processing" until `finish` is called. */
  | 'slow'
  /** The API answers 500 to everything. */
  | 'http-500'
  /** Creates are refused for an empty balance (402). */
  | 'no-credit'
  /** The output file is gone (404), as Replicate deletes outputs after an hour. */
  | 'expired-output'
  /** Replicate's deadline (the Cancel-After) passes before the prediction starts: it ends `aborted`. */
  | 'aborted';

/** The requests a test can make fail on their way: those a client may safely send again. */
export type RequestKind = 'poll' | 'download' | 'file-delete';

/** How a request fails before Replicate sees it: a gateway's 502 page, or the connection reset. */
export type Fault = 'bad-gateway' | 'reset';

const FAULTS: Readonly<Record<Fault, (response: ServerResponse) => void>> = {
  'bad-gateway': (response) =>
    response
      .writeHead(502, { 'content-type': 'text/html' })
      .end('<html><head><title>502 Bad Gateway</title></head><body><h1>502 Bad Gateway</h1></body></html>'),
  reset: (response) => response.socket?.destroy(),
};

/** Which kind of request a method and path are, for the faults. */
function requestKind(method: string | undefined, path: string): RequestKind | undefined {
  if (method === 'GET' && path.startsWith('/outputs/')) return 'download';
  if (method === 'GET' && /^\/v1\/predictions\/[^/]+$/.test(path)) return 'poll';
  if (method === 'DELETE' && path.startsWith('/v1/files/')) return 'file-delete';
  return undefined;
}

export interface RecordedRequest {
  method: string;
  path: string;
  authorization: string | undefined;
  cancelAfter: string | undefined;
  /** Bytes of the request body, as sent. */
  bytes: number;
  /** When it arrived (ms since the epoch). */
  at: number;
  body: unknown;
}

interface FakePrediction {
  id: string;
  model: string;
  status: string;
  input: Record<string, unknown>;
  outputIsList: boolean;
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

export interface OutputFile {
  body: Buffer;
  contentType: string;
}

export interface FakeReplicate {
  /** For the client's `baseUrl` (REPLICATE_API_URL). */
  baseUrl: string;
  /** The one token this account accepts; any other is a 401. */
  token: string;
  requests: RecordedRequest[];
  canceled: string[];
  /** Every 422 the fake answered, with its body. */
  refused: { path: string; body: unknown }[];
  scenario: Scenario;
  /** What a successful prediction's output URL serves, by default. */
  output: OutputFile;
  /** Per model, what its output serves instead (an upscaler's larger picture). */
  outputFor?: (model: string, input: Record<string, unknown>) => Promise<OutputFile> | OutputFile;
  /** The next `count` creates are throttled, each told to wait `seconds`. */
  throttle: { count: number; seconds: number };
  /** The faults the next requests of each kind meet, one per request, in order. */
  faults: Partial<Record<RequestKind, Fault[]>>;
  /** Completed webhooks are delivered twice with the same webhook id, as Replicate's retries are. */
  duplicateWebhooks: boolean;
  /** Files held by the Files API, by id, with their content, and those deleted. */
  files: Map<string, { bytes: number; contentType: string; content: Buffer }>;
  deletedFiles: string[];
  /** The account's signing secret, as Replicate gives it. */
  webhookSecret: string;
  webhooks: SentWebhook[];
  transport: WebhookTransport;
  /** The picture an input names: a data URI, a file held by the Files API or an output, as the model reads it. */
  picture(url: string): Promise<Buffer | undefined>;
  /** The predictions created, in order: model and status. */
  predictions(): { id: string; model: string; status: string; input: Record<string, unknown> }[];
  /** Forgets every request, prediction, file and webhook, and answers as by default again. */
  reset(): void;
  /** Ends a slow prediction as it would end (its webhook, or its next poll). */
  finish(predictionId: string, status?: 'succeeded' | 'failed'): Promise<void>;
  /** Signs a body as Replicate does; `timestamp` in seconds, now by default. */
  sign(body: string, options?: { id?: string; timestamp?: number; secret?: string }): SignedWebhook;
  /** Resolves once `condition` holds, checked after every request and webhook. */
  until(condition: () => boolean): Promise<void>;
  close(): Promise<void>;
}

interface ModelFixture {
  model: string;
  version?: string;
  input: object;
  output: { type?: string };
}

export const MODEL_FIXTURES_DIR = join(import.meta.dirname, '../fixtures/replicate-models');

/** The models' published schemas, compiled once: Replicate validates inputs when the prediction is created. */
function loadModels(): Map<string, { fixture: ModelFixture; validate: ValidateFunction }> {
  // OpenAPI's `nullable` is a keyword Ajv knows; descriptions and defaults are annotations.
  const ajv = new Ajv({ allErrors: true, strict: false });
  addFormats.default(ajv);
  const models = new Map<string, { fixture: ModelFixture; validate: ValidateFunction }>();
  for (const file of readdirSync(MODEL_FIXTURES_DIR).filter((name) => name.endsWith('.json'))) {
    const fixture = JSON.parse(readFileSync(join(MODEL_FIXTURES_DIR, file), 'utf8')) as ModelFixture;
    models.set(fixture.model, { fixture, validate: ajv.compile(fixture.input) });
  }
  return models;
}

/** Ajv's errors in Replicate's `invalid_fields` shape: `{ type, field: "input.<name>", description }`. */
function invalidFields(errors: ErrorObject[]): { type: string; field: string; description: string }[] {
  return errors.map((error) => {
    const name =
      error.keyword === 'required'
        ? String((error.params as { missingProperty: string }).missingProperty)
        : error.instancePath.replace(/^\//, '').replaceAll('/', '.');
    const field = name ? `input.${name}` : 'input';
    const type =
      { type: 'invalid_type', required: 'required', enum: 'enum', format: 'format' }[error.keyword] ?? error.keyword;
    return { type, field, description: `${name || 'input'} ${error.message ?? 'is invalid'}` };
  });
}

/** Standard Webhooks, as Replicate signs: HMAC-SHA256 of "id.timestamp.body" with the base64 key after "whsec_". */
function signWebhook(secret: string, body: string, id: string, timestamp: number): SignedWebhook {
  const key = Buffer.from(secret.slice('whsec_'.length), 'base64');
  const signature = createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64');
  return {
    headers: { 'webhook-id': id, 'webhook-timestamp': String(timestamp), 'webhook-signature': `v1,${signature}` },
    body,
  };
}

const postWebhook: WebhookTransport = async (url, webhook) =>
  (
    await fetch(url, {
      method: 'POST',
      headers: { ...webhook.headers, 'content-type': 'application/json' },
      body: webhook.body,
    })
  ).status;

function readRaw(request: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks)));
  });
}

function json(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  response.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body));
}

const problem = (status: number, title: string, detail: string, extra: object = {}) => ({
  title,
  detail,
  status,
  ...extra,
});

const ALIVE = new Set(['starting', 'processing']);
const CANCEL_AFTER = /^(\d+h)?(\d+m)?(\d+s)?$|^\d+$/;
const MODERATION_ERROR = 'The input or output was flagged as sensitive. Please try again with different inputs. (E005)';

export async function startFakeReplicate(): Promise<FakeReplicate> {
  const models = loadModels();
  const versions = new Map(
    [...models.values()].flatMap(({ fixture }) => (fixture.version ? [[fixture.version, fixture.model] as const] : [])),
  );
  const predictions = new Map<string, FakePrediction>();
  let origin = '';
  let waiters: { condition: () => boolean; resolve: () => void }[] = [];
  const checkWaiters = () => {
    waiters = waiters.filter((waiter) => (waiter.condition() ? (waiter.resolve(), false) : true));
  };

  const view = (prediction: FakePrediction) => {
    const url = `${origin}/outputs/${prediction.id}`;
    return {
      id: prediction.id,
      model: prediction.model,
      version: 'hidden',
      status: prediction.status,
      // Like Replicate, the prediction echoes its input (data URIs included) in every answer and webhook.
      input: prediction.input,
      output: prediction.status === 'succeeded' ? (prediction.outputIsList ? [url] : url) : null,
      error:
        prediction.status === 'failed'
          ? fake.scenario === 'moderation'
            ? MODERATION_ERROR
            : 'The model could not process this input'
          : null,
      urls: {
        get: `${origin}/v1/predictions/${prediction.id}`,
        cancel: `${origin}/v1/predictions/${prediction.id}/cancel`,
      },
      created_at: new Date().toISOString(),
    };
  };

  /** The webhooks of a prediction's new status that its filter asks for ("completed" covers every end). */
  const report = async (prediction: FakePrediction, event: 'start' | 'completed') => {
    if (!prediction.webhook?.events.includes(event)) return;
    const signed = fake.sign(JSON.stringify(view(prediction)));
    for (let delivery = 0; delivery < (event === 'completed' && fake.duplicateWebhooks ? 2 : 1); delivery += 1) {
      const answer = await fake.transport(prediction.webhook.url, signed).catch(() => 0);
      fake.webhooks.push({ predictionId: prediction.id, status: prediction.status, answer, signed });
      checkWaiters();
    }
  };

  const ending = (): 'succeeded' | 'failed' | 'aborted' => {
    if (fake.scenario === 'aborted') return 'aborted';
    return fake.scenario === 'failed' || fake.scenario === 'moderation' ? 'failed' : 'succeeded';
  };

  /**
   * With a webhook, the prediction runs by itself: it starts, then ends as the scenario says (a
   * slow one when told); an aborted one ends without ever starting.
   */
  const runWithWebhooks = async (prediction: FakePrediction) => {
    if (fake.scenario !== 'aborted') {
      prediction.status = 'processing';
      await report(prediction, 'start');
      if (fake.scenario === 'slow' || prediction.status !== 'processing') return;
    }
    prediction.status = ending();
    await report(prediction, 'completed');
  };

  const fake: FakeReplicate = {
    baseUrl: '',
    token: 'test-token',
    requests: [],
    canceled: [],
    refused: [],
    scenario: 'success',
    output: { body: Buffer.alloc(0), contentType: 'application/octet-stream' },
    throttle: { count: 0, seconds: 0 },
    faults: {},
    duplicateWebhooks: false,
    files: new Map(),
    deletedFiles: [],
    webhookSecret: `whsec_${randomBytes(24).toString('base64')}`,
    webhooks: [],
    transport: postWebhook,
    picture: async (url) => {
      const inline = /^data:[^;,]+;base64,(.*)$/.exec(url);
      if (inline) return Buffer.from(inline[1]!, 'base64');
      const path = new URL(url).pathname;
      const file = /^\/v1\/files\/([^/]+)$/.exec(path)?.[1];
      if (file) return fake.files.get(file)?.content;
      const output = path.startsWith('/outputs/') ? predictions.get(path.slice('/outputs/'.length)) : undefined;
      if (!output) return undefined;
      return (fake.outputFor ? await fake.outputFor(output.model, output.input) : fake.output).body;
    },
    predictions: () => [...predictions.values()].map(({ id, model, status, input }) => ({ id, model, status, input })),
    reset: () => {
      for (const list of [fake.requests, fake.canceled, fake.refused, fake.webhooks, fake.deletedFiles])
        list.length = 0;
      predictions.clear();
      fake.files.clear();
      fake.scenario = 'success';
      fake.throttle = { count: 0, seconds: 0 };
      fake.faults = {};
      fake.duplicateWebhooks = false;
      delete fake.outputFor;
    },
    finish: async (predictionId, status = 'succeeded') => {
      const prediction = predictions.get(predictionId);
      if (!prediction || !ALIVE.has(prediction.status)) return;
      prediction.status = status;
      await report(prediction, 'completed');
      checkWaiters();
    },
    sign: (body, options = {}) =>
      signWebhook(
        options.secret ?? fake.webhookSecret,
        body,
        options.id ?? `msg_${randomBytes(8).toString('hex')}`,
        options.timestamp ?? Math.floor(Date.now() / 1000),
      ),
    until: (condition) =>
      new Promise((resolve) => {
        waiters.push({ condition, resolve });
        checkWaiters();
      }),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };

  const createPrediction = (
    response: ServerResponse,
    path: string,
    model: string | undefined,
    body: Record<string, unknown>,
  ) => {
    const entry = model === undefined ? undefined : models.get(model);
    if (!entry) {
      json(response, 404, problem(404, 'Not found', `The requested resource could not be found (${path}).`));
      return;
    }
    if (fake.scenario === 'no-credit') {
      json(
        response,
        402,
        problem(
          402,
          'Insufficient credit',
          'You have insufficient credit to run this model. Go to https://replicate.com/account/billing#billing to purchase credit. Once you purchase credit, please wait a few minutes before trying again.',
        ),
      );
      return;
    }
    if (fake.throttle.count > 0) {
      fake.throttle.count -= 1;
      json(
        response,
        429,
        problem(
          429,
          'Request was throttled',
          `Request was throttled. Your rate limit resets in ~${fake.throttle.seconds}s.`,
        ),
      );
      return;
    }
    const input = (body.input ?? {}) as Record<string, unknown>;
    if (!entry.validate(input)) {
      const fields = invalidFields(entry.validate.errors ?? []);
      const refusal = problem(
        422,
        'Input validation failed',
        fields.map((field) => `- ${field.field}: ${field.description}`).join('\n'),
        { invalid_fields: fields },
      );
      fake.refused.push({ path, body: refusal });
      json(response, 422, refusal);
      return;
    }
    const { webhook, webhook_events_filter: events } = body as { webhook?: string; webhook_events_filter?: string[] };
    const prediction: FakePrediction = {
      id: `p${predictions.size + 1}${randomBytes(3).toString('hex')}`,
      model: entry.fixture.model,
      status: 'starting',
      input,
      outputIsList: entry.fixture.output.type === 'array',
      ...(webhook ? { webhook: { url: webhook, events: events ?? ['start', 'output', 'logs', 'completed'] } } : {}),
    };
    predictions.set(prediction.id, prediction);
    json(response, 201, view(prediction));
    if (prediction.webhook) void runWithWebhooks(prediction);
  };

  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const path = new URL(request.url ?? '/', origin).pathname;
    const raw = request.method === 'POST' ? await readRaw(request) : Buffer.alloc(0);
    const contentType = request.headers['content-type'] ?? '';
    const body =
      contentType.startsWith('application/json') && raw.length > 0
        ? (JSON.parse(raw.toString('utf8')) as unknown)
        : undefined;
    fake.requests.push({
      method: request.method ?? '',
      path,
      authorization: request.headers.authorization,
      cancelAfter: request.headers['cancel-after'] as string | undefined,
      bytes: raw.length,
      at: Date.now(),
      body,
    });
    const kind = requestKind(request.method, path);
    const fault = kind && fake.faults[kind]?.shift();
    if (fault) {
      FAULTS[fault](response);
      return;
    }

    if (path.startsWith('/outputs/')) {
      const prediction = predictions.get(path.slice('/outputs/'.length));
      if (!prediction || prediction.status !== 'succeeded' || fake.scenario === 'expired-output') {
        response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
        return;
      }
      const file = fake.outputFor ? await fake.outputFor(prediction.model, prediction.input) : fake.output;
      response.writeHead(200, { 'content-type': file.contentType, 'content-length': file.body.length }).end(file.body);
      return;
    }
    if (fake.scenario === 'http-500') {
      json(response, 500, { detail: 'Internal server error' });
      return;
    }
    if (request.headers.authorization !== `Bearer ${fake.token}`) {
      json(response, 401, problem(401, 'Unauthenticated', 'You did not pass a valid authentication token'));
      return;
    }
    const cancelAfter = request.headers['cancel-after'];
    if (typeof cancelAfter === 'string' && !CANCEL_AFTER.test(cancelAfter)) {
      json(response, 400, problem(400, 'Bad request', `Invalid Cancel-After header: ${cancelAfter}`));
      return;
    }

    const byModel = /^\/v1\/models\/([^/]+\/[^/]+)\/predictions$/.exec(path);
    if (request.method === 'POST' && byModel) {
      createPrediction(response, path, byModel[1], (body ?? {}) as Record<string, unknown>);
      return;
    }
    if (request.method === 'POST' && path === '/v1/predictions') {
      const version = (body as { version?: unknown } | undefined)?.version;
      if (typeof version !== 'string' || !versions.has(version)) {
        const refusal = problem(
          422,
          'Invalid version or not permitted',
          'The specified version does not exist (or perhaps you do not have permission to use it?)',
        );
        fake.refused.push({ path, body: refusal });
        json(response, 422, refusal);
        return;
      }
      createPrediction(response, path, versions.get(version), (body ?? {}) as Record<string, unknown>);
      return;
    }
    if (path === '/v1/files' && request.method === 'POST') {
      const form = await new Response(new Uint8Array(raw), { headers: { 'content-type': contentType } })
        .formData()
        .catch(() => null);
      const content = form?.get('content');
      if (!(content instanceof Blob) || content.size === 0) {
        json(response, 422, problem(422, 'Input validation failed', 'content: a file is required'));
        return;
      }
      const id = randomBytes(13).toString('hex');
      fake.files.set(id, {
        bytes: content.size,
        contentType: content.type,
        content: Buffer.from(await content.arrayBuffer()),
      });
      const now = new Date();
      json(response, 201, {
        id,
        content_type: content.type || 'application/octet-stream',
        size: content.size,
        checksums: { sha256: '' },
        metadata: {},
        created_at: now.toISOString(),
        expires_at: new Date(now.getTime() + 24 * 3_600_000).toISOString(),
        urls: { get: `${origin}/v1/files/${id}` },
      });
      return;
    }
    const file = /^\/v1\/files\/([^/]+)$/.exec(path);
    if (file?.[1] && request.method === 'DELETE') {
      const found = fake.files.delete(file[1]);
      if (found) fake.deletedFiles.push(file[1]);
      response.writeHead(found ? 204 : 404).end();
      return;
    }
    const match = /^\/v1\/predictions\/([^/]+)(\/cancel)?$/.exec(path);
    const prediction = match?.[1] ? predictions.get(match[1]) : undefined;
    if (!prediction) {
      json(response, 404, problem(404, 'Not found', 'The requested resource could not be found.'));
      return;
    }
    if (match?.[2]) {
      const wasRunning = ALIVE.has(prediction.status);
      if (wasRunning) prediction.status = 'canceled';
      fake.canceled.push(prediction.id);
      json(response, 200, view(prediction));
      if (wasRunning) void report(prediction, 'completed');
      return;
    }
    if (!prediction.webhook && ALIVE.has(prediction.status) && fake.scenario !== 'slow') prediction.status = ending();
    else if (!prediction.webhook && prediction.status === 'starting') prediction.status = 'processing';
    json(response, 200, view(prediction));
  };
  const server = createServer((request, response) => void handle(request, response).finally(checkWaiters));

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.baseUrl = `${origin}/v1`;
  return fake;
}
