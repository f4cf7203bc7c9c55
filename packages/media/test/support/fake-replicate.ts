import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A stand-in for api.replicate.com on 127.0.0.1, enough for the official client: create a
 * prediction (by model or by version), read it, cancel it, and download its output file.
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
}

export interface FakeReplicate {
  /** For the client's `baseUrl`. */
  baseUrl: string;
  requests: RecordedRequest[];
  canceled: string[];
  scenario: Scenario;
  /** What a successful prediction's output URL serves. */
  output: { body: Buffer; contentType: string };
  close(): Promise<void>;
}

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
  const fake: FakeReplicate = {
    baseUrl: '',
    requests: [],
    canceled: [],
    scenario: 'success',
    output: { body: Buffer.alloc(0), contentType: 'application/octet-stream' },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };

  const view = (prediction: Prediction) => ({
    id: prediction.id,
    status: prediction.status,
    model: 'fake/model',
    version: 'hidden',
    input: {},
    output: prediction.status === 'succeeded' ? `${origin}/files/${prediction.id}` : null,
    error: prediction.status === 'failed' ? 'The model refused this input' : null,
    urls: { get: `${origin}/v1/predictions/${prediction.id}`, cancel: `${origin}/v1/predictions/${prediction.id}/cancel` },
    created_at: new Date(0).toISOString(),
  });

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
      const prediction = { id: `p${predictions.size + 1}`, status: 'starting', polls: 0 };
      predictions.set(prediction.id, prediction);
      json(response, 201, view(prediction));
      return;
    }
    const match = /^\/v1\/predictions\/([^/]+)(\/cancel)?$/.exec(path);
    const prediction = match?.[1] ? predictions.get(match[1]) : undefined;
    if (!prediction) {
      json(response, 404, { detail: 'Not found' });
      return;
    }
    if (match?.[2]) {
      prediction.status = 'canceled';
      fake.canceled.push(prediction.id);
    } else if (prediction.status === 'starting' || prediction.status === 'processing') {
      prediction.polls += 1;
      prediction.status = { success: 'succeeded', failed: 'failed', slow: 'processing' }[fake.scenario];
    }
    json(response, 200, view(prediction));
  };
  const server = createServer((request, response) => void handle(request, response));

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.baseUrl = `${origin}/v1`;
  return fake;
}
