import { randomBytes } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import { Video } from '@atelier/db';
import { testDatabaseTargets } from '@atelier/db/testing';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import { Validator } from '@seriousme/openapi-schema-validator';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, type TestClient, type TestResponse } from './support/harness';
import { samplePhoto } from './support/images';
import { fastifyUrl } from '../src/openapi/api-route';
import { describedApi, NOT_CONFIGURED, sendExample, type Json } from './support/openapi-examples';

const CONTRACT_ADMIN = 'contrat@atelier.example';

/**
 * The warnings of Redocly's recommended rules that the document keeps, by rule and place: a new
 * one fails the lint until it is fixed or accepted here with its reason, and one fixed leaves the list.
 */
const ACCEPTED_WARNINGS: Record<string, string[]> = {
  // Atelier is a service, not software handed out: there is no licence to name.
  'info-license': ['#/info'],
  // `/api/videos/all/public` would match both `/api/videos/all/{userId}` and `/api/videos/{id}/public`,
  // but both ids are integers, so no request a client may send matches the two.
  'no-ambiguous-paths': ['#/paths/~1api~1videos~1{id}~1public'],
  // Public, with no parameter nor body: nothing a client sends can be refused.
  'operation-4xx-response': [
    '/api/stripe/config',
    '/api/default-models',
    '/api/gallery/default',
    '/api/health',
    '/api/ready',
    '/api/openapi.json',
    '/api/docs',
  ].map((path) => `#/paths/${path.replaceAll('/', '~1')}/get/responses`),
  // What `GET /api/jobs/{id}/events` sends in each `data:` line: OpenAPI 3.1 cannot give the parts
  // of a `text/event-stream` a schema, so its description names this one.
  'no-unused-components': ['#/components/schemas/JobSnapshot'],
};

const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats(ajv);

/** Whether an answer is one the document describes for this operation: its status, type and JSON schema. */
function checkAgainstDocument(
  { document, deref }: ReturnType<typeof describedApi>,
  label: string,
  operation: Json,
  response: TestResponse,
): void {
  const documented =
    operation.responses[response.status] ?? (response.status >= 500 ? operation.responses['5XX'] : undefined);
  expect(
    documented,
    `${label} answered ${response.status} (${response.text.slice(0, 200)}), which is not documented`,
  ).toBeDefined();
  const content = deref(documented).content as Record<string, Json> | undefined;
  if (!content) return;
  const type = String(response.headers['content-type'] ?? '').split(';')[0]!;
  expect(Object.keys(content), `${label}: ${type}`).toContain(type);
  if (type !== 'application/json') return;
  // The schema with the document's `#/components/...` references resolvable.
  const validate = ajv.compile({ allOf: [content[type]!.schema], components: document.components });
  expect(
    validate(response.body),
    `${label} → ${response.status}: ${JSON.stringify(validate.errors)} in ${response.text.slice(0, 300)}`,
  ).toBe(true);
}

describe.each(testDatabaseTargets())('the REST paths against their OpenAPI document, on $name', (target) => {
  let t: TestApp;
  let api: ReturnType<typeof describedApi>;

  beforeAll(async () => {
    // The account that sends the examples is an administrator, so the console's paths answer too.
    t = await startTestApp(target, { api: { adminEmails: [CONTRACT_ADMIN] } });
    api = describedApi(t.app);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('is a valid OpenAPI 3.1 document', async () => {
    const result = await new Validator().validate(api.document);
    expect(result.errors ?? [], JSON.stringify(result.errors)).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it("passes Redocly's recommended rules: no error, and only the warnings accepted", async () => {
    const served = await t.client().get('/api/openapi.json');
    const problems = await lintFromString({
      source: served.text,
      absoluteRef: 'openapi.json',
      config: await createConfig({ extends: ['recommended'] }),
    });
    const found = (severity: 'error' | 'warn') => problems.filter((problem) => problem.severity === severity);
    expect(found('error').map(({ message, location }) => `${message} ${location[0]?.pointer}`)).toEqual([]);
    const warnings = found('warn');
    expect(
      warnings.map(({ ruleId, location }) => `${ruleId} ${location[0]?.pointer}`).sort(),
      warnings.map(({ message }) => message).join('\n'),
    ).toEqual(
      Object.entries(ACCEPTED_WARNINGS)
        .flatMap(([ruleId, places]) => places.map((at) => `${ruleId} ${at}`))
        .sort(),
    );
  });

  it('gives every /api path the French error shape and the generation paths their 402 and 202', () => {
    const { document, operations } = api;
    for (const { method, path, operation } of operations) {
      expect(operation.responses['5XX'], `${method} ${path}`).toBeDefined();
      expect(operation.summary, `${method} ${path}`).toBeTruthy();
    }
    for (const path of ['/api/transform/{id}', '/api/transform', '/api/generate-video']) {
      const post = document.paths[path].post as Json;
      expect(Object.keys(post.responses)).toEqual(expect.arrayContaining(['202', '402']));
      expect(post.parameters).toContainEqual({ $ref: '#/components/parameters/PreferAsync' });
    }
    expect(Object.keys(document.components.securitySchemes)).toEqual(['session', 'bearerAuth']);
  });

  it('documents every route Fastify registers under /api, and registers every documented one', () => {
    const registered = new Set(t.app.apiRoutes.map(({ method, url }) => `${method} ${url}`));
    const documented = new Set(
      api.operations.map(({ method, path, wildcard }) => `${method} ${fastifyUrl({ path, wildcard })}`),
    );
    // The reference page's own script is part of the page, not of the API.
    registered.delete('GET /api/docs/scalar.js');
    expect(
      [...registered].filter((route) => !documented.has(route)),
      'registered but not documented',
    ).toEqual([]);
    expect(
      [...documented].filter((route) => !registered.has(route)),
      'documented but not registered',
    ).toEqual([]);
  });

  it('serves the document and its reference page, whose script comes from this server', async () => {
    const c = t.client();
    expect((await c.get('/api/openapi.json')).body).toEqual(api.document);
    const page = await c.get('/api/docs');
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    const scripts = [...page.text.matchAll(/<script([^>]*)>([^<]*)<\/script>/g)];
    // Nothing inline to run (the site's CSP allows only its own files) and nothing from elsewhere.
    expect(
      scripts.map(([, attributes, inline]) => [attributes?.match(/src="([^"]+)"/)?.[1] ?? null, inline?.trim()]),
    ).toEqual([
      [null, ''],
      ['/api/docs/scalar.js', ''],
    ]);
    expect(page.text).not.toMatch(/https?:\/\//);
    const script = await c.request('GET', '/api/docs/scalar.js', undefined, { 'accept-encoding': 'gzip, br' });
    expect(script.status).toBe(200);
    expect(script.headers['content-type']).toMatch(/^application\/javascript/);
    expect(script.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(script.raw).toString('utf8')).toContain('createApiReference');
  });

  it('answers each documented example request as the document describes', async () => {
    const visitor = t.client({ ip: '10.60.0.1' });
    const c = t.client({ ip: '10.60.0.2' });
    const { user, email } = await c.register({ email: CONTRACT_ADMIN });
    // A second device of the same account, whose session the example closes.
    const otherDevice = t.client({ ip: '10.60.0.3' });
    expect((await otherDevice.post('/api/login', { email, password: 'motdepasse' })).status).toBe(200);
    const { sessions } = (await c.get('/api/account/sessions')).body as {
      sessions: { id: number; current: boolean }[];
    };
    const otherSessionId = sessions.find((session) => !session.current)!.id;
    const tokenId = (
      (await c.post('/api/account/tokens', { name: 'Contrat', scope: 'read' })).body as { item: { id: number } }
    ).item.id;
    const photo = await samplePhoto(3, 240, 160);
    const upload = (await c.upload(photo, { style: 'Aquarelle' })).body as { id: number; imagePath: string };
    const transformed = await c.post(`/api/transform/${upload.id}`, {});
    expect(transformed.status, transformed.text).toBe(200);
    const { transformedImagePath, jobId } = transformed.body as { transformedImagePath: string; jobId: number };
    const saved = await c.post('/api/gallery/save', { transformedImagePath, originalImagePath: upload.imagePath });
    const itemId = (saved.body as { item: { id: number } }).item.id;
    expect((await c.post(`/api/posts/${itemId}/public`)).status).toBe(200);
    const reported = await visitor.post(`/api/posts/${itemId}/reports`, { reason: 'spam' });
    expect(reported.status, reported.text).toBe(201);
    const { sampleId } = (await c.upload(photo, {}, { path: '/api/option-samples' })).body as { sampleId: string };
    const videoKey = await t.media.storage.put('videos', randomBytes(4096), 'mp4');
    const em = t.db.orm.em.fork();
    const video = em.create(Video, {
      owner: user.id,
      sourceImage: upload.imagePath,
      videoUrl: `/api/media/${videoKey}`,
      prompt: 'travelling',
      status: 'ready',
      isAccessible: true,
      createdAt: new Date(),
    });
    await em.flush();

    // The documented examples, with the ids of what this account made where a path needs one of its own.
    const own: Record<string, { params?: Json; body?: Json; headers?: Record<string, string> }> = {
      'POST /api/transform/{id}': { params: { id: upload.id } },
      'POST /api/transform': { body: { image: upload.imagePath } },
      'POST /api/transform/image': { body: { image: upload.imagePath, selection: { style: { id: 'watercolor' } } } },
      'GET /api/media/{key}': { params: { key: upload.imagePath.replace('/api/media/', '') } },
      'GET /api/option-samples/{sampleId}/{name}': { params: { sampleId } },
      'GET /api/view-stitch/{filename}': { params: { filename: transformedImagePath.split('/').at(-1) } },
      'POST /api/set-last-used-image': { body: { imagePath: upload.imagePath } },
      'POST /api/create-composite': {
        body: { mainImage: upload.imagePath, referenceImages: { style: transformedImagePath } },
      },
      'POST /api/gallery/save': { body: { transformedImagePath } },
      'GET /api/gallery/{id}': { params: { id: user.id } },
      'DELETE /api/gallery/{id}': { params: { id: itemId } },
      'POST /api/gallery/{id}/favorite': { params: { id: itemId } },
      'POST /api/posts/{postId}/public': { params: { postId: itemId } },
      'POST /api/posts/{postId}/like': { params: { postId: itemId } },
      'GET /api/posts/{postId}': { params: { postId: itemId } },
      'DELETE /api/posts/{postId}/public': { params: { postId: itemId } },
      'POST /api/videos/{id}/public': { params: { id: video.id } },
      'DELETE /api/account/sessions/{id}': { params: { id: otherSessionId } },
      'DELETE /api/account/tokens/{id}': { params: { id: tokenId } },
      'POST /api/posts/{postId}/reports': { params: { postId: itemId } },
      // Dismissed: the post stays for the examples after it.
      'POST /api/admin/reports/{id}/decision': { params: { id: 1 }, body: { action: 'dismiss' } },
      'GET /api/admin/users/{id}': { params: { id: user.id } },
      'POST /api/admin/users/{id}/credits': { params: { id: user.id } },
      'POST /api/admin/users/{id}/suspend': { params: { id: user.id } },
      'POST /api/admin/users/{id}/unsuspend': { params: { id: user.id } },
      'POST /api/videos/create-placeholder': { body: { sourceImagePath: upload.imagePath } },
      // A 6-second video takes a while: this one is followed as a job, then canceled.
      'POST /api/generate-video': { body: { imageUrl: upload.imagePath }, headers: { prefer: 'respond-async' } },
      'POST /api/videos/update-placeholder': { body: { videoUrl: video.videoUrl, sourceImagePath: upload.imagePath } },
      'GET /api/videos/all/{userId}': { params: { userId: user.id } },
      'GET /api/videos/download/{id}': { params: { id: video.id } },
      'DELETE /api/videos/{id}': { params: { id: video.id } },
      'GET /api/jobs/{id}': { params: { id: jobId } },
      'GET /api/jobs/{id}/events': { params: { id: jobId } },
      'POST /api/jobs/{id}/cancel': { params: { id: jobId } },
      // Refused: the account must outlive this test's other examples.
      'POST /api/account/delete': { body: { password: 'pas-le-bon' } },
    };
    // Refused on purpose, as documented: no Stripe nor SMTP here, unsigned webhooks, a job that has ended, a made-up reset link.
    const refused: Record<string, number> = {
      ...NOT_CONFIGURED,
      'POST /api/replicate/webhook': 404,
      'POST /api/jobs/{id}/cancel': 409,
      'POST /api/auth/reset-password': 400,
      // This test's video file was stored by hand, not made by a generation: it has no poster to publish.
      'POST /api/videos/{id}/public': 409,
      'POST /api/account/delete': 400,
      // Nothing was hidden: nothing to restore nor to ask a review of.
      'POST /api/admin/posts/{id}/restore': 404,
      'POST /api/gallery/{id}/review': 404,
      // An administrator cannot be suspended, so is not either.
      'POST /api/admin/users/{id}/suspend': 409,
      'POST /api/admin/users/{id}/unsuspend': 409,
    };
    const accountPaths = new Set(['/api/register', '/api/login', '/api/auth/logout']);
    // Deletions last, so that what the other examples read is still there: the item and the video
    // after what is done to them, every token after the one revoked alone, and signing out everywhere the very last.
    const lastDeletions = ['/api/gallery/{id}', '/api/videos/{id}', '/api/account/tokens', '/api/account/sessions'];
    const lateness = ({ method, path }: { method: string; path: string }) =>
      method === 'DELETE' ? 1 + lastDeletions.indexOf(path) + 1 : 0;
    const ordered = [...api.operations].sort((a, b) => lateness(a) - lateness(b));
    for (const documented of ordered) {
      const { method, path, operation } = documented;
      const label = `${method} ${path}`;
      const client: TestClient = accountPaths.has(path) ? visitor : c;
      const response = await sendExample(client, documented, photo, own[label]);
      checkAgainstDocument(api, label, operation, response);
      if (response.status === 202)
        expect((await c.post(`/api/jobs/${(response.body as { jobId: number }).jobId}/cancel`)).status).toBe(200);
      if (refused[label]) expect(response.status, `${label}: ${response.text}`).toBe(refused[label]);
      else expect(response.status, `${label}: ${response.text.slice(0, 300)}`).toBeLessThan(300);
    }
  });
});
