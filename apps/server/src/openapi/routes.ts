import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { z } from 'zod';
import { apiRoute, describedOperations } from './api-route';
import { buildOpenApiDocument } from './document';

const gzipped = promisify(gzip);

export const OPENAPI_PATH = '/api/openapi.json';
export const REFERENCE_PATH = '/api/docs';
/** The reference page's script: Scalar's standalone bundle, from node_modules, never a CDN. */
export const REFERENCE_SCRIPT_PATH = `${REFERENCE_PATH}/scalar.js`;

/** No fonts, no telemetry, no proxy: the page works offline, from this server alone. */
const referenceConfiguration = {
  url: OPENAPI_PATH,
  withDefaultFonts: false,
  hideClientButton: true,
  showDeveloperTools: 'never',
  telemetry: false,
  agent: { disabled: true },
};

const escapeAttribute = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/**
 * The page mounts Scalar's reference from its `#api-reference` element: no inline script, so the
 * site's Content-Security-Policy (`script-src 'self'`) applies to it unchanged.
 */
const referencePage = `<!doctype html>
<html lang="fr">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>API Atelier — référence</title>
  </head>
  <body>
    <script id="api-reference" data-url="${OPENAPI_PATH}" data-configuration="${escapeAttribute(JSON.stringify(referenceConfiguration))}"></script>
    <script src="${REFERENCE_SCRIPT_PATH}"></script>
  </body>
</html>
`;

interface ReferenceScript {
  plain: Buffer;
  gzipped: Buffer;
}

/**
 * Scalar's bundle (about 5 MB, a second to load) ships inside its Fastify plugin: it is loaded on
 * the first visit of the page only, from a throwaway instance of the plugin, then kept with its
 * gzipped form (about a fifth of the bytes).
 */
let referenceScript: Promise<ReferenceScript> | null = null;
function loadReferenceScript(): Promise<ReferenceScript> {
  referenceScript ??= (async () => {
    const { default: scalar } = await import('@scalar/fastify-api-reference');
    const holder = Fastify();
    await holder.register(scalar, { routePrefix: '/reference', configuration: { content: '{}' } });
    const { rawPayload, statusCode } = await holder.inject('/reference/js/scalar.js');
    await holder.close();
    if (statusCode !== 200) throw new Error(`Le script de Scalar est introuvable (${statusCode})`);
    return { plain: rawPayload, gzipped: await gzipped(rawPayload) };
  })().catch((error: unknown) => {
    referenceScript = null;
    throw error;
  });
  return referenceScript;
}

/** The OpenAPI document (built on first request) and its reference page. */
export function registerOpenApiRoutes(app: FastifyInstance): void {
  let document: string | null = null;
  apiRoute(app, {
    operation: {
      method: 'GET',
      path: OPENAPI_PATH,
      tag: 'Service',
      summary: 'Ce document',
      description: 'La description OpenAPI 3.1 de l’API.',
      access: 'public',
      answer: { kind: 'json', schema: z.looseObject({ openapi: z.string() }), description: 'Le document OpenAPI.' },
    },
    handler: async (_request, reply) => {
      document ??= JSON.stringify(buildOpenApiDocument(describedOperations(app)));
      return reply.type('application/json; charset=utf-8').header('cache-control', 'no-cache').send(document);
    },
  });

  apiRoute(app, {
    operation: {
      method: 'GET',
      path: REFERENCE_PATH,
      tag: 'Service',
      summary: 'Référence de l’API',
      description: 'Ce document, lisible dans un navigateur.',
      access: 'public',
      answer: { kind: 'html', description: 'La page de référence.' },
    },
    handler: async (_request, reply) =>
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(referencePage),
  });

  // The page's own script, not part of the API: left out of the document.
  app.get(REFERENCE_SCRIPT_PATH, async (request, reply) => {
    const script = await loadReferenceScript();
    reply
      .type('application/javascript; charset=utf-8')
      .header('cache-control', 'public, max-age=86400')
      .header('vary', 'Accept-Encoding');
    if (!/\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''))) return reply.send(script.plain);
    return reply.header('content-encoding', 'gzip').send(script.gzipped);
  });
}
