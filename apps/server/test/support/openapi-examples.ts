import type { FastifyInstance } from 'fastify';
import { describedOperations } from '../../src/openapi/api-route';
import { buildOpenApiDocument } from '../../src/openapi/document';
import type { TestClient, TestResponse } from './harness';
import { multipartBody } from './images';

export type Json = Record<string, any>;

/** The OpenAPI document of an app's routes, each operation in it, and how to follow its `$ref`s. */
export function describedApi(app: FastifyInstance) {
  const document = buildOpenApiDocument(describedOperations(app)) as unknown as Json;
  const deref = (value: Json): Json =>
    typeof value.$ref === 'string'
      ? value.$ref
          .split('/')
          .slice(1)
          .reduce((node: Json, key) => node[key], document)
      : value;
  /** Every operation the document describes, its parameters resolved, with the name of its wildcard path parameter if any. */
  const operations = Object.entries(document.paths as Record<string, Record<string, Json>>).flatMap(([path, item]) =>
    Object.entries(item).map(([method, operation]) => {
      const parameters = (operation.parameters as Json[]).map(deref);
      return {
        method: method.toUpperCase(),
        path,
        operation,
        parameters,
        wildcard: parameters.find((p) => p.in === 'path' && path.endsWith(`{${p.name}}`) && p.description.includes('/'))
          ?.name as string | undefined,
      };
    }),
  );
  return { document, deref, operations };
}

export type DocumentedOperation = ReturnType<typeof describedApi>['operations'][number];

/** What a test puts in place of the document's examples: its own ids, body fields and headers. */
/** Documented answers of a test server that is not set up to send e-mail nor take payments. */
export const NOT_CONFIGURED: Record<string, number> = {
  'POST /api/auth/forgot-password': 502,
  'POST /api/stripe/create-payment-intent': 503,
  'POST /api/stripe/confirm': 503,
  'POST /api/stripe/webhook': 503,
  'POST /api/subscriptions': 503,
  'POST /api/subscriptions/confirm': 503,
  'POST /api/subscriptions/cancel': 503,
  'POST /api/subscriptions/resume': 503,
  'POST /api/subscriptions/portal': 503,
};

export interface ExampleOverrides {
  params?: Json;
  body?: Json;
  headers?: Record<string, string>;
}

/**
 * Sends an operation's documented example request: its path and query parameters, its required
 * headers and its JSON body, or a multipart form carrying `photo`, with the test's overrides.
 */
export async function sendExample(
  client: TestClient,
  { method, path, operation, parameters }: Pick<DocumentedOperation, 'method' | 'path' | 'operation' | 'parameters'>,
  photo: Buffer,
  mine: ExampleOverrides = {},
): Promise<TestResponse> {
  const params: Record<string, Json> = Object.fromEntries(parameters.map((p) => [p.name, p]));
  const url = path.replace(/\{([^}]+)\}/g, (_m, name: string) => {
    const value = String(mine.params?.[name] ?? params[name]!.example);
    return name === 'key' ? value : encodeURIComponent(value);
  });
  const query = new URLSearchParams(
    Object.values(params)
      .filter((p) => p.in === 'query' && p.name !== 'cursor')
      .map((p): [string, string] => [p.name, String(p.example)]),
  ).toString();
  const headers = {
    ...Object.fromEntries(
      Object.values(params)
        .filter((p) => p.in === 'header' && p.required)
        .map((p) => [p.name, String(p.example)]),
    ),
    ...mine.headers,
  };
  const content = operation.requestBody?.content as Record<string, Json> | undefined;
  if (content?.['multipart/form-data']) {
    const form = content['multipart/form-data'].schema as {
      required: string[];
      properties: Record<string, { examples?: string[] }>;
    };
    const fileField = form.required[0]!;
    const fields = Object.fromEntries(
      Object.entries(form.properties).flatMap(([name, property]) =>
        property.examples ? [[name, property.examples[0]!]] : [],
      ),
    );
    const sent = multipartBody(fields, { field: fileField, name: 'photo.jpg', type: 'image/jpeg', data: photo });
    return client.request(method, url, sent.payload, { ...headers, 'content-type': sent.contentType });
  }
  const target = `${url}${query ? `?${query}` : ''}`;
  if (content?.['application/json'])
    return client.request(method, target, { ...content['application/json'].example, ...mine.body }, headers);
  return client.request(method, target, undefined, headers);
}
