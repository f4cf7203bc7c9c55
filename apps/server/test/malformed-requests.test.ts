import { connect, type AddressInfo } from 'node:net';
import { GalleryItem, GenerationJob, Upload, User, Workflow } from '@atelier/db';
import { testDatabaseTargets } from '@atelier/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshClients } from './support/clients';
import { startTestApp, type TestApp, type TestClient } from './support/harness';
import { samplePhoto } from './support/images';

const messages = {
  nul: 'Le texte contient un caractère non autorisé (caractère nul).',
  loneSurrogate: 'Le texte contient un caractère non autorisé (caractère Unicode incomplet).',
  malformedForm: 'Requête multipart invalide',
  notAForm: "Envoyez l'image dans un formulaire multipart/form-data.",
  invalidJson: 'Corps de requête JSON invalide',
  tooLarge: 'Requête trop volumineuse',
  unsupportedType: 'Type de contenu non supporté',
  badUrl: 'Adresse de la requête invalide',
  urlTooLong: 'Adresse de la requête trop longue',
  headersTooLarge: 'En-têtes de la requête trop volumineux',
  badRequest: 'Requête invalide',
  notFound: 'Ressource introuvable',
  invalidLogin: 'Email ou mot de passe incorrect',
  negativeOffset: 'Le décalage doit être un nombre entier positif ou nul.',
  wrongMethod: 'Méthode non autorisée pour cette adresse',
  requestTimeout: 'La requête a pris trop de temps.',
};

/** A whole HTTP exchange on a raw socket, for what never reaches Fastify's handlers (`inject` skips Node's parser). */
function rawExchange(
  port: number,
  request: string,
): Promise<{ status: number; contentType: string | undefined; body: unknown }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const [head = '', body = ''] = Buffer.concat(chunks).toString('utf8').split('\r\n\r\n');
      const [statusLine = '', ...headers] = head.split('\r\n');
      const contentType = headers
        .find((line) => line.toLowerCase().startsWith('content-type:'))
        ?.slice('content-type:'.length)
        .trim();
      resolve({ status: Number(statusLine.split(' ')[1]), contentType, body: JSON.parse(body) });
    });
    socket.write(request);
  });
}

describe.each(testDatabaseTargets())('malformed requests on $name', (target) => {
  let t: TestApp;
  const client = freshClients(() => t, 41);

  async function signedIn(): Promise<{ c: TestClient; userId: number }> {
    const c = client();
    const { user } = await c.register();
    return { c, userId: user.id };
  }

  const em = () => t.db.orm.em.fork();

  beforeAll(async () => {
    t = await startTestApp(target);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers a JSON body that is not an object with 400 and a French message', async () => {
    const { c } = await signedIn();
    for (const body of ['"x"', '42', '[]', 'null', 'true']) {
      for (const path of ['/api/create-composite', '/api/transform', '/api/gallery/save', '/api/login']) {
        const res = await c.request('POST', path, body, { 'content-type': 'application/json' });
        expect(res.status, `${path} ${body}`).toBe(400);
        expect(res.body.message, `${path} ${body}`).toMatch(/^Entrée invalide : objet attendu/);
      }
    }
  });

  it('refuses a NUL character in any text, in French, and stores nothing', async () => {
    for (const path of ['/api/media/%00', '/api/media/uploads/2026/01/%00.jpg']) {
      const res = await client().get(path);
      expect(res.status, path).toBe(400);
      expect(res.body.message, path).toBe(messages.nul);
    }

    const email = 'prenom-nul@example.fr';
    const signUp = await client().post('/api/register', {
      email,
      password: 'motdepasse',
      firstName: 'Ca\u0000mille',
      lastName: 'Durand',
    });
    expect(signUp.status).toBe(400);
    expect(signUp.body).toMatchObject({ message: messages.nul, fieldErrors: { firstName: [messages.nul] } });
    expect(await em().count(User, { email })).toBe(0);

    const { c, userId } = await signedIn();
    const upload = await c.upload(await samplePhoto(), { style: 'Aquarelle\u0000' });
    expect(upload.status).toBe(400);
    expect(upload.body).toMatchObject({ message: messages.nul, fieldErrors: { style: [messages.nul] } });
    expect(await em().count(Upload, { owner: userId })).toBe(0);

    const document = { version: 1, nodes: [], connections: [] };
    for (const input of [
      { name: 'Mon\u0000workflow', document },
      {
        name: 'Mon workflow',
        document: { ...document, nodes: [{ id: 'source-1', type: 'source', name: 'Photo\u0000', x: 0, y: 0 }] },
      },
    ]) {
      const res = await c.post('/trpc/workflow.save', { json: input });
      expect(res.status).toBe(400);
      expect(res.body.error.json.message).toBe(messages.nul);
    }
    expect(await em().count(Workflow, { owner: userId })).toBe(0);

    const saved = await c.post('/api/gallery/save', {
      transformedImagePath: '/api/media/results/x.jpg',
      transformationPrompt: 'un\u0000prompt',
    });
    expect(saved.status).toBe(400);
    expect(saved.body.fieldErrors).toEqual({ transformationPrompt: [messages.nul] });
    expect(await em().count(GalleryItem, { owner: userId })).toBe(0);
  });

  it('refuses a media reference with a malformed %-escape in French, never a 500', async () => {
    const { c } = await signedIn();
    const broken = '/api/media/uploads/2026/11/%E0%A4%A.jpg';
    for (const [path, body] of [
      ['/api/gallery/save', { transformedImagePath: broken }],
      ['/api/set-last-used-image', { imagePath: broken }],
      ['/api/transform', { image: broken, style: 'Aquarelle' }],
      ['/api/generate-video', { imageUrl: broken }],
      ['/api/create-composite', { imageUrls: [broken, broken] }],
    ] as const) {
      const res = await c.post(path, body);
      expect([400, 404], `${path} ${res.text}`).toContain(res.status);
      expect(res.body.message, path).toMatch(/[a-zé]+ [a-zé]+/i);
      expect(res.body.message, path).not.toMatch(/URI|malformed/i);
    }
  });

  it('refuses a lone UTF-16 surrogate in any text, in French, and stores nothing', async () => {
    const { c, userId } = await signedIn();
    const upload = await c.upload(await samplePhoto());
    expect(upload.status, upload.text).toBe(200);
    const document = { version: 1, nodes: [], connections: [] };
    for (const [path, input] of [
      ['workflow.save', { name: 'Mon\ud800workflow', document }],
      [
        'workflow.save',
        {
          name: 'Mon workflow',
          document: {
            ...document,
            nodes: [{ id: 'source-1', type: 'source', name: 'Photo', x: 0, y: 0, transformation: 'fin\udc00' }],
          },
        },
      ],
      [
        'transform.workflow',
        { nodeId: 'render-1', image: upload.body.imagePath, style: 'aquarelle \udbff', type: 'workflow', intensity: 1 },
      ],
    ] as const) {
      // JSON carries a lone surrogate as an escape: "\ud800".
      const res = await c.post(`/trpc/${path}`, { json: input });
      expect(res.status, res.text).toBe(400);
      expect(res.body.error.json.message).toBe(messages.loneSurrogate);
    }
    expect(await em().count(Workflow, { owner: userId })).toBe(0);
    expect(await em().count(GenerationJob, { owner: userId })).toBe(0);
    // A character outside the basic plane, a whole surrogate pair, is text like any other.
    expect((await c.post('/trpc/workflow.save', { json: { name: 'Mon workflow 🎨', document } })).status).toBe(200);
  });

  it('refuses a negative offset in the video list, which MySQL would choke on', async () => {
    const { c, userId } = await signedIn();
    for (const offset of [-1, -941_142_623]) {
      const input = encodeURIComponent(JSON.stringify({ json: { userId, limit: 3, offset } }));
      const res = await c.get(`/trpc/videos.list?input=${input}`);
      expect(res.status, String(offset)).toBe(400);
      expect(res.body.error.json.message).toBe(messages.negativeOffset);
    }
    const valid = await c.get(`/api/videos/all/${userId}?offset=0&limit=3`);
    expect(valid.status).toBe(200);
    expect(valid.body).toMatchObject({ success: true, videos: [], totalVideos: 0 });
  });

  it('answers 400 in French to a multipart upload without a boundary or cut short', async () => {
    const { c, userId } = await signedIn();
    const photo = await samplePhoto();
    const part = `--cut\r\nContent-Disposition: form-data; name="image"; filename="photo.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`;
    const forms: [string, Buffer | string][] = [
      ['multipart/form-data', `${part}bonjour\r\n--cut--\r\n`],
      ['multipart/form-data; boundary=cut', Buffer.concat([Buffer.from(part), photo.subarray(0, 500)])],
      ['multipart/form-data; boundary=cut', '--cut\r\nContent-Disposition: form-data; name="style"\r\n\r\nAquarelle'],
      ['multipart/form-data; boundary=cut', 'rien qui ressemble à un formulaire'],
    ];
    for (const path of ['/api/upload', '/api/upload-reference']) {
      for (const [contentType, body] of forms) {
        const res = await c.request('POST', path, body, { 'content-type': contentType });
        expect(res.status, `${path} ${contentType}`).toBe(400);
        expect(res.body).toEqual({ message: messages.malformedForm });
      }
    }
    expect(await em().count(Upload, { owner: userId })).toBe(0);
  });

  it('answers 415 in French to an upload that is not a form', async () => {
    const { c } = await signedIn();
    for (const path of ['/api/upload', '/api/upload-reference']) {
      for (const [contentType, body] of [
        ['application/json', { image: 'data:image/jpeg;base64,AAAA', style: 'Aquarelle' }],
        ['text/plain', 'une image'],
      ] as const) {
        const res = await c.request('POST', path, typeof body === 'string' ? body : JSON.stringify(body), {
          'content-type': contentType,
        });
        expect(res.status, `${path} ${contentType}`).toBe(415);
        expect(res.body).toEqual({ message: messages.notAForm });
      }
    }
  });

  it("answers Fastify's own refusals in the API's French shape", async () => {
    const c = client();
    const cases: [Promise<{ status: number; body: unknown }>, number, string][] = [
      [c.get('/api/media/%E0%A4%A'), 400, messages.badUrl],
      [c.get(`/api/gallery/${'1'.repeat(6000)}`), 414, messages.urlTooLong],
      [
        c.request('POST', '/api/login', '{"email": ', { 'content-type': 'application/json' }),
        400,
        messages.invalidJson,
      ],
      [c.request('POST', '/api/login', '', { 'content-type': 'application/json' }), 400, messages.invalidJson],
      [
        c.request('POST', '/api/login', JSON.stringify({ email: 'x'.repeat(2 * 1024 * 1024) }), {
          'content-type': 'application/json',
        }),
        413,
        messages.tooLarge,
      ],
      [
        c.request('POST', '/api/login', '<login/>', { 'content-type': 'application/xml' }),
        415,
        messages.unsupportedType,
      ],
      [c.get('/api/nothing-here'), 404, messages.notFound],
    ];
    for (const [answer, status, message] of cases) {
      const res = await answer;
      expect(res.status, message).toBe(status);
      expect(res.body, message).toEqual({ message });
    }
  });

  it('answers a form sent to a procedure with 415, and a wrong method with 405, in French', async () => {
    const form = '--x\r\nContent-Disposition: form-data; name="email"\r\n\r\na@b.fr\r\n--x--\r\n';
    for (const contentType of ['multipart/form-data; boundary=x', 'multipart/form-data']) {
      const res = await client().request('POST', '/trpc/auth.register', form, { 'content-type': contentType });
      expect(res.status, contentType).toBe(415);
      expect(res.body).toEqual({ message: messages.unsupportedType });
    }
    const wrongMethod = await client().get('/trpc/auth.register');
    expect(wrongMethod.status).toBe(405);
    expect(wrongMethod.body.error.json.message).toBe(messages.wrongMethod);
  });

  it('answers 408 in French to a client that drips its request, and cuts it off', async () => {
    const slow = await startTestApp(target, { requestTimeoutMs: 1_000 });
    try {
      await slow.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = slow.app.server.address() as AddressInfo;
      // Its headers, then one byte of a body announced as 100: nothing more ever comes.
      const dripped = await rawExchange(
        port,
        'POST /api/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{',
      );
      expect(dripped).toEqual({
        status: 408,
        contentType: 'application/json; charset=utf-8',
        body: { message: messages.requestTimeout },
      });
      // Headers that never end, the same.
      const endless = await rawExchange(port, 'GET /api/user HTTP/1.1\r\nHost: localhost\r\nX-Encore: ');
      expect(endless).toEqual({
        status: 408,
        contentType: 'application/json; charset=utf-8',
        body: { message: messages.requestTimeout },
      });
      // A request sent whole is answered as usual.
      expect(
        (await rawExchange(port, 'GET /api/health HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n')).status,
      ).toBe(200);
    } finally {
      await slow.close();
    }
  });

  it('answers requests that Node’s HTTP parser refuses in the same shape', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const oversized = await rawExchange(
      port,
      `GET /api/user HTTP/1.1\r\nHost: localhost\r\nX-Filler: ${'a'.repeat(32 * 1024)}\r\n\r\n`,
    );
    expect(oversized).toEqual({
      status: 431,
      contentType: 'application/json; charset=utf-8',
      body: { message: messages.headersTooLarge },
    });
    const garbled = await rawExchange(port, 'BONJOUR /api/user HTTP/1.1\r\nHost: localhost\r\n\r\n');
    expect(garbled).toEqual({
      status: 400,
      contentType: 'application/json; charset=utf-8',
      body: { message: messages.badRequest },
    });
    // The same server still answers well-formed requests.
    const login = await fetch(`http://127.0.0.1:${port}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'personne@example.fr', password: 'motdepasse' }),
    });
    expect(login.status).toBe(401);
    expect(await login.json()).toEqual({ message: messages.invalidLogin });
  });
});
