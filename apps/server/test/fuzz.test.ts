import { appRouter, createStripeClient } from '@atelier/api';
import { MAX_BATCH_CALLS } from '@atelier/catalog';
import { User } from '@atelier/db';
import { testDatabaseTargets } from '@atelier/db/testing';
import { ReplicateWebhooks } from '@atelier/media';
import type { AnyProcedure } from '@trpc/server';
import fc from 'fast-check';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { freshClients } from './support/clients';
import { FakeStripe } from './support/fake-stripe';
import type { RateLimitSettings } from '../src/rate-limits';
import { startTestApp, type TestApp, type TestClient, type TestResponse } from './support/harness';
import { multipartBody, samplePhoto } from './support/images';

const FUZZ_ADMIN = 'fuzz-admin@atelier.example';

/** Fixed, so that a run finds again what an earlier run found. */
const SEED = 17_2026;
/** Generated requests per REST route and per procedure; each is sent signed in and signed out. */
const RUNS = 30;
/** Requests per generator in the pass with every limit met, where most answers are the refusal. */
const LIMITED_RUNS = 4;
/** The main fuzz test's parts (1 to 4), each a quarter of the routes and procedures. */
const FUZZ_PARTS = [1, 2, 3, 4];

interface FuzzRequest {
  method: NonNullable<InjectOptions['method']>;
  url: string;
  contentType?: string | undefined;
  payload?: string | Buffer | undefined;
}

/**
 * Every route under /api with its methods, read from Fastify's printed radix tree: a node's path
 * is its ancestors' segments joined, and only nodes that carry methods are routes. HEAD mirrors GET.
 */
function apiRoutes(app: FastifyInstance): { path: string; methods: string[] }[] {
  const routes: { path: string; methods: string[] }[] = [];
  const segments: string[] = [];
  for (const line of app.printRoutes().split('\n')) {
    const branch = line.indexOf('── ');
    if (branch < 0) continue;
    const [, segment = '', methods] = /^(.*?)(?: \((.+)\))?$/.exec(line.slice(branch + 3)) ?? [];
    // Four columns a level: the root's branch starts at column 1.
    segments.length = (branch - 1) / 4;
    segments.push(segment);
    const path = segments.join('');
    if (methods && path.startsWith('/api/'))
      routes.push({ path, methods: methods.split(', ').filter((method) => method !== 'HEAD') });
  }
  return routes;
}

/** Every object key the schemas in `value` name, at any depth: the fuzz sends them, with wrong values. */
function fieldNames(value: unknown, names = new Set<string>(), seen = new Set<unknown>()): Set<string> {
  if (value === null || typeof value !== 'object' || seen.has(value)) return names;
  seen.add(value);
  if (value instanceof z.ZodObject) for (const key of Object.keys(value.shape)) names.add(key);
  const inner =
    value instanceof z.ZodType
      ? Object.values(value.def)
      : Array.isArray(value) || Object.getPrototypeOf(value) === Object.prototype
        ? Object.values(value)
        : [];
  for (const part of inner) fieldNames(part, names, seen);
  return names;
}

// Flat at run time (`auth.register`, …), whatever the nested type says.
const procedures = Object.entries(appRouter._def.procedures as unknown as Record<string, AnyProcedure>).map(
  ([path, procedure]) => ({
    path,
    type: procedure._def.type,
    input: procedure._def.inputs[0],
    fields: [...fieldNames(procedure._def.inputs)],
  }),
);
const everyField = [...new Set(procedures.flatMap((procedure) => procedure.fields))];

/** Each UTF-8 byte escaped: any string, lone surrogates included, becomes a valid URL component. */
const percentEncoded = (text: string) =>
  [...Buffer.from(text, 'utf8')].map((byte) => `%${byte.toString(16).padStart(2, '0')}`).join('');

const oddNumber = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.constantFrom(0, -0, -1, 0.5, 1e-7, 2 ** 31, 2 ** 53 + 2, -(2 ** 63), 1e308, Number.MAX_SAFE_INTEGER),
);

const hostileText = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 30 }),
  fc.string({ unit: 'grapheme', maxLength: 30 }),
  fc.string({ maxLength: 10 }).map((text) => `${text}\u0000${text}`),
  fc.integer({ min: 1_000, max: 200_000 }).map((length) => 'é'.repeat(length)),
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    '\ud800',
    '\u202e\u0007\u001b[2J',
    '../../etc/passwd',
    '/api/media/../../secret.jpg',
    '/api/media/uploads/2026/01/00000000-0000-4000-8000-000000000000.jpg',
    '/api/art/1.jpg',
    'data:image/png;base64,AAAA',
    'pi_123',
    '1e3',
    '12_34',
    'null',
    '__proto__',
    'workflow',
  ),
);

/** Text of an accepted length, in any script, often with a NUL or another control character in it. */
const freeText = (minLength: number, maxLength: number) =>
  fc.oneof(
    fc.string({ unit: 'grapheme', minLength, maxLength }),
    fc
      .tuple(
        fc.string({ unit: 'binary', minLength, maxLength: Math.max(minLength, maxLength - 1) }),
        fc.constantFrom('\u0000', '\u0007', '\u001b', '\u202e', '\ud800', '\udfff'),
        fc.nat(),
      )
      .map(([text, control, at]) => {
        const position = at % (text.length + 1);
        return text.slice(0, position) + control + text.slice(position);
      }),
  );

const anyValue: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', maxDepth: 3 },
    fc.constant(null),
    fc.boolean(),
    oddNumber,
    hostileText,
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(fc.oneof(fc.constantFrom(...everyField), fc.string({ maxLength: 8 })), tie('value'), { maxKeys: 4 }),
  ),
})).value;

/** An object of the given fields (some missing), plus now and then a field nobody asked for. */
const objectOf = (fields: string[]) =>
  fc
    .tuple(
      fields.length ? fc.dictionary(fc.constantFrom(...fields), anyValue, { maxKeys: fields.length }) : fc.constant({}),
      fc.dictionary(fc.string({ maxLength: 8 }), anyValue, { maxKeys: 2 }),
    )
    .map(([known, extra]) => ({ ...extra, ...known }));

/**
 * Inputs shaped like what a schema accepts, so that requests get past the first check and on to the
 * services and the database: free text is any text (NUL, control characters, any script), and
 * now and then a value, at any depth, is anything at all.
 */
function nearValid(schema: unknown): fc.Arbitrary<unknown> {
  return fc.oneof({ arbitrary: shapedLike(schema), weight: 8 }, anyValue);
}

function shapedLike(schema: unknown): fc.Arbitrary<unknown> {
  if (schema instanceof z.ZodObject) {
    const fields = Object.entries(schema.shape).map(([key, field]) => [key, nearValid(field)] as const);
    return fc.record(Object.fromEntries(fields));
  }
  if (schema instanceof z.ZodOptional || schema instanceof z.ZodDefault || schema instanceof z.ZodPrefault) {
    return fc.option(nearValid(schema.unwrap()), { nil: undefined });
  }
  if (schema instanceof z.ZodNullable) return fc.option(nearValid(schema.unwrap()), { nil: null });
  if (schema instanceof z.ZodPipe) return shapedLike(schema.in);
  if (schema instanceof z.ZodUnion) return fc.oneof(...schema.options.map(nearValid));
  if (schema instanceof z.ZodEnum) return fc.constantFrom(...schema.options);
  if (schema instanceof z.ZodLiteral) return fc.constantFrom(...schema.values);
  if (schema instanceof z.ZodBoolean) return fc.boolean();
  if (schema instanceof z.ZodNumber) {
    const range = { min: Math.max(schema.minValue ?? -1e6, -1e9), max: Math.min(schema.maxValue ?? 1e6, 1e9) };
    return schema.isInt ? fc.integer(range) : fc.double({ ...range, noNaN: true });
  }
  if (schema instanceof z.ZodString) {
    const pattern = schema.def.checks?.map((check) => (check._zod.def as { pattern?: RegExp }).pattern).find(Boolean);
    if (pattern) return fc.stringMatching(pattern);
    const text = freeText(schema.minLength ?? 0, Math.min(schema.maxLength ?? 40, 40));
    // As long as the schema allows, in two-byte characters: what a column must hold.
    return schema.maxLength === null
      ? text
      : fc.oneof({ arbitrary: text, weight: 3 }, fc.constant('é'.repeat(schema.maxLength)));
  }
  if (schema instanceof z.ZodArray) return fc.array(nearValid(schema.element), { maxLength: 3 });
  if (schema instanceof z.ZodRecord)
    return fc.dictionary(shapedLike(schema.keyType).map(String), nearValid(schema.valueType), { maxKeys: 3 });
  // The upload procedures' bytes, which only the REST adapter can send.
  if (schema instanceof z.ZodCustom) return fc.uint8Array({ maxLength: 64 });
  return anyValue;
}

type Body = Pick<FuzzRequest, 'contentType' | 'payload'>;

const asJson = (value: unknown): Body => ({
  contentType: 'application/json',
  payload: JSON.stringify(value) ?? 'null',
});

const brokenBody = fc.constantFrom<Body>(
  { contentType: 'application/json', payload: '{"email": ' },
  { contentType: 'application/json', payload: '' },
  { contentType: 'application/json', payload: '{"__proto__": {"admin": true}}' },
  { contentType: 'application/json; charset=latin1', payload: '{}' },
  { contentType: 'multipart/form-data', payload: 'pas de frontière' },
  {
    contentType: 'multipart/form-data; boundary=x',
    payload: '--x\r\nContent-Disposition: form-data; name="image"; filename="a.jpg"\r\n\r\ncoupé',
  },
  { contentType: 'application/x-www-form-urlencoded', payload: 'email=a&password=b' },
  { contentType: 'application/xml', payload: '<login/>' },
  { contentType: 'text/plain', payload: 'bonjour' },
  {},
);

/** A well-formed form whose fields and file are anything. */
const formBody = (photo: Buffer) =>
  fc
    .record({
      fields: fc.dictionary(fc.constantFrom('style', 'selection', 'colors', 'isComposite', 'type'), hostileText, {
        maxKeys: 4,
      }),
      file: fc.option(
        fc.oneof(
          fc.constant(photo),
          fc.uint8Array({ maxLength: 300 }).map((bytes) => Buffer.from(bytes)),
        ),
      ),
      field: fc.constantFrom('image', 'referenceImage', 'autre'),
    })
    .map(({ fields, file, field }): Body => {
      const form = multipartBody(
        fields,
        file ? { field, name: 'photo.jpg', type: 'image/jpeg', data: file } : undefined,
      );
      return { contentType: form.contentType, payload: form.payload };
    });

const pathValue = fc.oneof(
  fc.nat().map(String),
  hostileText.filter((text) => text.length < 6_000).map(percentEncoded),
  fc.integer({ min: 4_990, max: 6_000 }).map((length) => 'x'.repeat(length)),
  fc.constantFrom(
    '0',
    '-1',
    '1.5',
    '2147483648',
    '99999999999',
    '%00',
    '%E0%A4%A',
    '%',
    '%2e%2e',
    'style-watercolor.jpg',
    'uploads/2026/01/x.jpg',
  ),
);

const queryValue = fc.oneof(
  hostileText.filter((text) => text.length < 2_000).map(percentEncoded),
  fc.constantFrom('%E0%A4%A', '%', ''),
);
const queryString = fc
  .dictionary(fc.constantFrom('limit', 'cursor', 'offset', 'input', 'batch'), queryValue, { maxKeys: 3 })
  .map((query) => {
    const pairs = Object.entries(query).map(([key, value]) => `${key}=${value}`);
    return pairs.length ? `?${pairs.join('&')}` : '';
  });

function restRequest(path: string, methods: string[], photo: Buffer): fc.Arbitrary<FuzzRequest> {
  const parameters = path.match(/:[\w|:]+|\*/g) ?? [];
  return fc
    .record({
      method: fc.constantFrom(...methods),
      values: fc.tuple(...parameters.map(() => pathValue)),
      query: queryString,
      body: fc.oneof(
        { arbitrary: objectOf(everyField).map(asJson), weight: 3 },
        anyValue.map(asJson),
        brokenBody,
        formBody(photo),
      ),
    })
    .map(({ method, values, query, body }) => {
      let index = 0;
      const url = path.replace(/:[\w|:]+|\*/g, () => values[index++] ?? '') + query;
      return method === 'GET' ? { method, url } : { method, url, ...body };
    });
}

/** Commas between a batch's procedures, as sent or escaped once or twice (tRPC decodes its path again). */
const batchSeparator = fc.constantFrom(',', '%2C', '%2c', '%252C', '%252c');

function procedureRequest({
  path,
  type,
  input: schema,
  fields,
}: (typeof procedures)[number]): fc.Arbitrary<FuzzRequest> {
  const input = fc.oneof(
    { arbitrary: nearValid(schema), weight: 6 },
    objectOf(fields),
    anyValue,
    fc.constant(undefined),
  );
  // superjson's envelope: `json` is the input, `meta` says how to revive it; both come from the client.
  const envelope = fc.oneof(
    { arbitrary: input.map((json) => ({ json })), weight: 6 },
    fc.record({ json: input, meta: anyValue }),
    anyValue,
  );
  const call = (url: string, value: unknown): FuzzRequest =>
    type === 'query'
      ? {
          method: 'GET',
          url: `${url}${url.includes('?') ? '&' : '?'}input=${encodeURIComponent(JSON.stringify(value) ?? '')}`,
        }
      : { method: 'POST', url, ...asJson(value) };
  return fc.oneof(
    { arbitrary: envelope.map((value) => call(`/trpc/${path}`, value)), weight: 6 },
    fc
      .tuple(envelope, batchSeparator)
      .map(([value, separator]) => call(`/trpc/${path}${separator}${path}?batch=1`, { 0: value, 1: value })),
    fc
      .record({ query: queryString, body: brokenBody })
      .map(({ query, body }): FuzzRequest => ({ method: 'POST', url: `/trpc/${path}${query}`, ...body })),
  );
}

/** The same request generated twice is sent once: the repeat would tell nothing new. */
function distinct(requests: FuzzRequest[]): FuzzRequest[] {
  const seen = new Set<string>();
  return requests.filter(({ method, url, contentType, payload }) => {
    const key = JSON.stringify([
      method,
      url,
      contentType,
      Buffer.isBuffer(payload) ? payload.toString('base64') : payload,
    ]);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** Every limit of the API at `calls` a window: out of reach, or met at once. */
const everyLimitAt = (calls: number): Required<RateLimitSettings> => ({
  imageWorkPerMinute: calls,
  paymentsPerMinute: calls,
  apiTokenRequestsPerMinute: calls,
  accountUpdatesPerMinute: calls,
  accountExportsPerMinute: calls,
  previewsPerMinute: calls,
  passwordResetsPerHour: calls,
  reportsPerHour: calls,
});

type ErrorBody = { message?: unknown; error?: { json?: { message?: unknown } } } | undefined;
/** The French messages of an answer: a REST body's, a tRPC error's, or each of a tRPC batch's. */
const messagesOf = (body: ErrorBody | ErrorBody[]): unknown[] =>
  [body].flat().map((part) => (part?.error ? part.error.json?.message : part?.message));

/** Why a limit's refusal is not as a client must get it (a French message, Retry-After in whole seconds), or null. */
function malformedRefusal(res: TestResponse): string | null {
  const retryAfter = String(res.headers['retry-after']);
  if (!/^[1-9]\d*$/.test(retryAfter)) return `Retry-After ${retryAfter}`;
  const messages = messagesOf(res.body);
  return messages.every((message) => typeof message === 'string' && /^Trop .+\.$/.test(message))
    ? null
    : `messages ${JSON.stringify(messages)}`;
}

/** Logout and the session list's calls end sessions for real: they get a session of their own. */
const ENDS_SESSIONS = /^\/(api\/auth\/logout|api\/account\/sessions|trpc\/(auth\.logout|sessions\.))/;

describe.each(testDatabaseTargets())('generated bad requests on $name', (target) => {
  const stripe = new FakeStripe();
  /** Its limits out of reach: every generated request gets past them to what they guard. */
  let t: TestApp;
  /** Another instance on the same database, its limits met at the first call or so. */
  let limited: TestApp;
  let signedIn: TestClient;
  /** Another account whose sessions the calls that end sessions end, each signed in afresh. */
  let leaving: { email: string; password: string };
  const visitorClient = freshClients(() => t, 99);
  const memberClient = freshClients(() => t, 98);
  let generators: { generator: fc.Arbitrary<FuzzRequest>; runs: number }[];

  /**
   * Sends each generator's requests (`runs` of them at most, less their repeats) from a visitor and
   * from the signed-in member, each pair from `clients`; gives each answer to `check`. Resolves
   * to how many requests went.
   */
  async function send(
    part: (index: number) => boolean,
    runs: (generatorRuns: number) => number,
    clients: () => { visitor: TestClient; member: TestClient },
    check: (request: FuzzRequest, res: TestResponse) => void,
  ): Promise<number> {
    let sent = 0;
    for (const [index, { generator, runs: generatorRuns }] of generators.entries()) {
      if (!part(index)) continue;
      for (const request of distinct(fc.sample(generator, { numRuns: runs(generatorRuns), seed: SEED + index }))) {
        const { visitor, member } = clients();
        if (ENDS_SESSIONS.test(request.url)) await member.post('/api/login', leaving);
        else signedIn.copySessionTo(member);
        for (const c of [visitor, member]) {
          const headers: Record<string, string> = request.contentType ? { 'content-type': request.contentType } : {};
          check(request, await c.request(request.method, request.url, request.payload, headers));
          sent++;
        }
      }
    }
    return sent;
  }

  beforeAll(async () => {
    // Payments and Replicate's webhooks configured, so that their refusals are about the input and
    // not a 503 for missing keys.
    const stripeUrl = await stripe.start();
    const configured = {
      payments: {
        stripe: createStripeClient(stripe.secretKey, stripeUrl),
        publishableKey: 'pk_test_fuzz',
        webhookSecret: 'whsec_test_fuzz',
      },
      media: {
        replicateWebhooks: new ReplicateWebhooks({
          url: 'http://127.0.0.1/api/replicate/webhook',
          secret: 'whsec_dGVzdC1mdXp6LXNlY3JldA==',
        }),
      },
      // Configured, so that a reset request is judged on its input (the mail goes out in the
      // background, to a port where nothing listens: its failure is logged, never answered).
      api: { adminEmails: [FUZZ_ADMIN] },
      mail: { smtpUrl: 'smtp://127.0.0.1:9', from: 'Atelier <atelier@example.fr>', appUrl: 'http://127.0.0.1' },
    };
    t = await startTestApp(target, { ...configured, rateLimits: everyLimitAt(1_000_000_000) });
    limited = await startTestApp(target, { ...configured, instanceOf: t, rateLimits: everyLimitAt(1) });
    signedIn = t.client();
    // An administrator, so that what the console's paths are sent reaches their services too.
    await signedIn.register({ email: FUZZ_ADMIN });
    const { email, password } = await t.client().register();
    leaving = { email, password };

    const photo = await samplePhoto(1, 64, 48);
    const routes = apiRoutes(t.app);
    expect(routes.map((route) => route.path)).toEqual(
      expect.arrayContaining(['/api/upload', '/api/media/*', '/api/posts/:postId/like']),
    );
    // Outside the API's document: Scalar's 5 MB script, which reads nothing of the request.
    const undocumented = new Set(t.app.apiRoutes.filter((route) => !route.operation).map((route) => route.url));
    generators = [
      ...routes.map((route) => ({
        generator: restRequest(route.path, route.methods, photo),
        runs: undocumented.has(route.path) ? 1 : RUNS,
      })),
      ...procedures.map((procedure) => ({ generator: procedureRequest(procedure), runs: RUNS })),
    ];
  });
  afterAll(async () => {
    await limited?.close();
    await t?.close();
    await stripe.stop();
  });

  // In parts, each with the whole timeout: together they send some 9,600 requests, which took 150 s of
  // a single test's 180 on a busy machine.
  it.each(FUZZ_PARTS)(
    'answers every generated request to every /api route and every procedure without a 5xx (part %i)',
    async (part) => {
      const failures: string[] = [];
      const refusedByLimit: string[] = [];
      const sent = await send(
        (index) => index % FUZZ_PARTS.length === part - 1,
        (runs) => runs,
        // Each from an address of its own, so that no limit counted by address holds anything back.
        () => ({ visitor: visitorClient(), member: memberClient() }),
        (request, res) => {
          const seen = `${res.status} ${request.method} ${request.url.slice(0, 200)} ${String(request.payload ?? '').slice(0, 200)} → ${res.text.slice(0, 200)}`;
          if (res.status >= 500) failures.push(seen);
          if (res.status === 429) refusedByLimit.push(seen);
        },
      );
      console.log(
        `fuzz on ${target.name}, part ${part}: ${sent} generated requests to ${generators.length} REST routes and procedures, ${failures.length} answered 5xx, ${refusedByLimit.length} refused by a rate limit`,
      );
      expect(failures).toEqual([]);
      // Every request got past the limits to the handlers they guard: none hid a fault.
      expect(refusedByLimit).toEqual([]);
      // The member's requests were a signed-in user's throughout: nothing above ended the session.
      expect((await signedIn.get('/api/user')).status).toBe(200);
    },
    180_000,
  );

  it('answers with a French 429 and Retry-After once a limit is met, whatever the request', async () => {
    const failures: string[] = [];
    let refused = 0;
    // The same addresses throughout, so that limits counted by address are met too.
    const visitor = limited.client({ ip: '10.95.0.1' });
    const member = limited.client({ ip: '10.95.0.2' });
    const sent = await send(
      () => true,
      (runs) => Math.min(runs, LIMITED_RUNS),
      () => ({ visitor, member }),
      (request, res) => {
        const seen = `${res.status} ${request.method} ${request.url.slice(0, 200)} → ${res.text.slice(0, 200)}`;
        if (res.status >= 500) failures.push(seen);
        if (res.status !== 429) return;
        refused++;
        const malformed = malformedRefusal(res);
        if (malformed) failures.push(`${malformed}: ${seen}`);
      },
    );
    console.log(`fuzz on ${target.name}, limits met: ${sent} generated requests, ${refused} refused by a rate limit`);
    expect(failures).toEqual([]);
    expect(refused).toBeGreaterThan(0);
  }, 180_000);

  it('runs the generation paths on a real photo with credits, whatever text fills their fields', async () => {
    const member = t.client({ ip: '10.96.0.1' });
    const { user } = await member.register();
    // Enough that no generation is refused for want of credits: each must reach its job.
    await t.db.orm.em.fork().nativeUpdate(User, user.id, { credits: 1_000_000 });
    const upload = await member.upload(await samplePhoto(1, 64, 48), {
      selection: JSON.stringify({ style: { id: 'watercolor' } }),
    });
    expect(upload.status, upload.text).toBe(200);
    const image = upload.body.imagePath as string;
    const generations: [string, Record<string, string>][] = [
      [`/api/transform/${upload.body.id as number}`, { sessionKey: 'visite-1' }],
      ['/api/transform/image', { image, style: 'Aquarelle', sessionKey: 'visite-2' }],
      ['/api/transform', { type: 'workflow', nodeId: 'n1', image, style: 'Portrait à l’aquarelle' }],
      [
        '/api/transform',
        {
          nodeId: 'n1',
          parentImagePath: image,
          transformationType: 'style',
          optionId: 'watercolor',
          optionName: 'Aquarelle',
        },
      ],
      ['/api/generate-video', { imageUrl: image, prompt: 'Travelling lent' }],
    ];
    // Any text, and lengths on both sides of the columns' 255 characters.
    const text = fc.oneof(
      hostileText,
      fc.integer({ min: 1, max: 300 }).map((length) => 'é'.repeat(length)),
    );
    const failures: string[] = [];
    let started = 0;
    for (const [index, [path, body]] of generations.entries()) {
      for (const field of Object.keys(body)) {
        for (const value of fc.sample(text, { numRuns: RUNS, seed: SEED + index })) {
          const res = await member.post(path, { ...body, [field]: value }, { prefer: 'respond-async' });
          if (res.status >= 500)
            failures.push(`${res.status} ${path} ${field}=${value.slice(0, 80)} → ${res.text.slice(0, 200)}`);
          if (res.status !== 202) continue;
          started++;
          // Its job taken back at once: the fuzz is about what it was given, not its engine.
          expect([200, 409]).toContain((await member.post(`/api/jobs/${res.body.jobId as number}/cancel`)).status);
        }
      }
    }
    expect(failures).toEqual([]);
    expect(started).toBeGreaterThan(0);
  }, 180_000);

  it(`runs a tRPC batch of at most ${MAX_BATCH_CALLS} calls, however its commas are escaped`, async () => {
    const batch = fc.record({
      calls: fc.integer({ min: 1, max: 4 * MAX_BATCH_CALLS }),
      separators: fc.array(batchSeparator, { minLength: 4 * MAX_BATCH_CALLS }),
    });
    for (const { calls, separators } of fc.sample(batch, { numRuns: RUNS, seed: SEED })) {
      const path = Array.from(
        { length: calls },
        (_, index) => `${index ? separators[index] : ''}media.welcomeImages`,
      ).join('');
      const inputs = Object.fromEntries(Array.from({ length: calls }, (_, index) => [index, { json: null }]));
      const res = await t
        .client({ ip: `10.97.0.${calls}` })
        .get(`/trpc/${path}?batch=1&input=${encodeURIComponent(JSON.stringify(inputs))}`);
      expect(res.status, path).toBe(calls > MAX_BATCH_CALLS ? 413 : 200);
    }
  });
});
