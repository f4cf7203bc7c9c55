import { appRouter } from '@atelier/api';
import { z } from 'zod';
import { apiTags, type ApiOperation, type Parameter, type RefusalStatus } from './operation';
import { jsonSchema, procedureOutput, type JsonSchema } from './schemas';

const ref = (kind: 'schemas' | 'responses' | 'parameters', name: string) => ({ $ref: `#/components/${kind}/${name}` });

const errorSchema = z
  .looseObject({
    message: z.string().describe("Ce qui s'est passé, en français : à montrer à l'utilisateur."),
    error: z.string().optional().describe('Un code machine, quand il y en a un (`insufficient_credits`).'),
    fieldErrors: z.record(z.string(), z.array(z.string())).optional().describe('Les messages par champ refusé.'),
  })
  .describe('Une requête refusée.');

const refusals: Record<RefusalStatus | 500, { name: string; description: string; schema?: JsonSchema }> = {
  400: {
    name: 'BadRequest',
    description: 'Requête invalide : JSON illisible, champ manquant ou hors limites (`fieldErrors` dit lesquels).',
  },
  401: { name: 'Unauthenticated', description: 'Utilisateur non connecté : ni session, ni jeton valide.' },
  402: {
    name: 'InsufficientCredits',
    description: 'Crédits insuffisants : 50 par image ou vidéo. Rien n’est pris ni laissé.',
    schema: {
      allOf: [
        ref('schemas', 'Error'),
        { type: 'object', properties: { error: { const: 'insufficient_credits' } }, required: ['error'] },
      ],
    },
  },
  403: {
    name: 'Forbidden',
    description:
      "Refusé : ressource d'un autre utilisateur, écriture venue d'une autre origine que le site, jeton d'API en lecture seule pour une écriture, ou jeton d'API pour la sécurité du compte (mot de passe, sessions, jetons, export, suppression : depuis le navigateur connecté seulement), ou compte qui n'est pas administrateur pour la console d'administration.",
  },
  404: { name: 'NotFound', description: 'Introuvable, ou pas visible pour cet utilisateur.' },
  409: { name: 'Conflict', description: 'Conflit avec l’état présent (déjà pris, déjà terminé, déjà reçu).' },
  413: { name: 'PayloadTooLarge', description: 'Trop volumineux : 1 Mo de JSON, 10 Mo par image.' },
  415: { name: 'UnsupportedMediaType', description: 'Type de contenu non supporté.' },
  416: { name: 'RangeNotSatisfiable', description: 'Plage hors du fichier ; `Content-Range` donne sa taille.' },
  429: { name: 'RateLimited', description: 'Trop de tentatives : réessayez dans quelques minutes.' },
  503: {
    name: 'Unavailable',
    description: 'Service indisponible ou non configuré (paiements sans Stripe, base de données injoignable).',
  },
  500: {
    name: 'ServerError',
    description: 'Erreur du serveur ou d’un service distant (502). Le message ne dit rien de ses causes.',
  },
};

/** The refusals a path may answer: those its access, its input and its kind imply, and its own. */
function refusalStatuses(operation: ApiOperation): RefusalStatus[] {
  const statuses = new Set<RefusalStatus>(operation.refusals ?? []);
  const takesInput = Boolean(operation.params?.length || operation.query?.length || operation.body);
  if (takesInput) statuses.add(400);
  const browserOnly = operation.access === 'session' || operation.access === 'admin';
  if (operation.access === 'account' || browserOnly) statuses.add(401);
  // Writes from another site's page are refused (CSRF); signed webhooks come without Origin; an
  // API token is refused the account's security and the console, a member the console.
  if ((operation.method !== 'GET' && operation.access !== 'signed') || browserOnly) statuses.add(403);
  if (operation.body?.kind === 'json' || operation.body?.kind === 'multipart') statuses.add(413).add(415);
  if (operation.generation) statuses.add(402);
  if (operation.ranges) statuses.add(416);
  return [...statuses].sort((a, b) => a - b);
}

function parameter(where: 'path' | 'query' | 'header', p: Parameter) {
  return {
    name: p.name,
    in: where,
    required: where === 'path' ? true : (p.required ?? true),
    description: p.description,
    schema: jsonSchema(p.schema, 'input'),
    example: p.example,
  };
}

const security = {
  public: [],
  account: [{ session: [] }, { bearerAuth: [] }],
  session: [{ session: [] }],
  admin: [{ session: [] }],
  viewer: [{}, { session: [] }, { bearerAuth: [] }],
  signed: [],
} satisfies Record<ApiOperation['access'], unknown[]>;

function requestBody(operation: ApiOperation) {
  const body = operation.body;
  if (!body) return undefined;
  if (body.kind === 'json') {
    return {
      required: body.required ?? true,
      content: { 'application/json': { schema: jsonSchema(body.schema, 'input'), example: body.example } },
    };
  }
  if (body.kind === 'raw') {
    return {
      required: true,
      description: body.description,
      content: { 'application/json': { schema: {}, example: body.example } },
    };
  }
  return {
    required: true,
    description: body.description,
    content: {
      'multipart/form-data': {
        schema: {
          type: 'object',
          properties: {
            [body.file]: {
              type: 'string',
              contentMediaType: 'application/octet-stream',
              description: "L'image (JPEG, PNG, WebP, HEIC…).",
            },
            ...body.fields,
          },
          required: [body.file],
        },
      },
    },
  };
}

function successContent(operation: ApiOperation) {
  const answer = operation.answer;
  switch (answer.kind) {
    case 'json':
      return { 'application/json': { schema: jsonSchema(answer.schema, 'output') } };
    case 'file':
      return Object.fromEntries(
        answer.mediaTypes.map((type) => [type, { schema: { type: 'string', contentMediaType: type } }]),
      );
    case 'events':
      return {
        'text/event-stream': {
          schema: {
            type: 'string',
            description: '`event: job` puis `data: <JobSnapshot en JSON>`, séparés par une ligne vide.',
          },
        },
      };
    case 'html':
      return { 'text/html': { schema: { type: 'string' } } };
  }
}

function responses(operation: ApiOperation) {
  const answers: Record<string, unknown> = {
    [operation.created ? 201 : 200]: {
      description: operation.answer.description,
      ...(operation.polled
        ? {
            headers: {
              ETag: {
                description: 'La version de la liste : à renvoyer dans `If-None-Match`.',
                schema: { type: 'string' },
              },
            },
          }
        : {}),
      content: successContent(operation),
    },
  };
  if (operation.generation) answers[202] = ref('responses', 'JobPending');
  if (operation.ranges) answers[206] = { description: 'La plage demandée (`Range`), avec `Content-Range`.' };
  if (operation.polled || operation.ranges)
    answers[304] = { description: 'Inchangé depuis la version que le client a (`If-None-Match`).' };
  const refusalBody = operation.refusalSchema
    ? { content: { 'application/json': { schema: jsonSchema(operation.refusalSchema, 'output') } } }
    : null;
  for (const status of refusalStatuses(operation)) {
    answers[status] = refusalBody
      ? { description: refusals[status].description, ...refusalBody }
      : ref('responses', refusals[status].name);
  }
  answers['5XX'] = ref('responses', refusals[500].name);
  return answers;
}

function headerParameters(operation: ApiOperation) {
  const headers = (operation.headers ?? []).map((p) => parameter('header', p));
  return operation.generation ? [...headers, ref('parameters', 'PreferAsync')] : headers;
}

function pathItem(operation: ApiOperation) {
  return {
    tags: [operation.tag],
    summary: operation.summary,
    ...(operation.description ? { description: operation.description } : {}),
    operationId: `${operation.method.toLowerCase()}${operation.path.replace(/[{}]/g, '').replace(/[^A-Za-z0-9]+(.)?/g, (_m, c: string | undefined) => (c ?? '').toUpperCase())}`,
    security: security[operation.access],
    parameters: [
      ...(operation.params ?? []).map((p) => parameter('path', p)),
      ...(operation.query ?? []).map((p) => parameter('query', p)),
      ...headerParameters(operation),
    ],
    ...(operation.body ? { requestBody: requestBody(operation) } : {}),
    responses: responses(operation),
  };
}

const tagOrder = (operation: ApiOperation) => apiTags.findIndex(({ name }) => name === operation.tag);

/**
 * The OpenAPI 3.1 document of the `/api` paths described, built from the procedures' zod schemas:
 * grouped by tag, in the order of the tags, each group in the order given.
 */
export function buildOpenApiDocument(operations: ApiOperation[]) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const operation of operations.toSorted((a, b) => tagOrder(a) - tagOrder(b))) {
    (paths[operation.path] ??= {})[operation.method.toLowerCase()] = pathItem(operation);
  }
  return {
    openapi: '3.1.1',
    info: {
      title: 'API Atelier',
      version: '1.0.0',
      description:
        "Les chemins REST d'Atelier pour les clients tiers. Chacun appelle la même procédure que l'application web : mêmes validations, mêmes droits, mêmes règles. " +
        'Les erreurs sont `{ message }` en français, avec le statut HTTP qui convient. Une image coûte 50 crédits au moins, une vidéo davantage selon les modèles qui la font (`/api/transform/quote` le dit d’avance) ; ils sont pris seulement quand elle est faite.',
    },
    servers: [{ url: '/', description: 'Ce serveur' }],
    tags: apiTags,
    paths,
    components: {
      securitySchemes: {
        session: {
          type: 'apiKey',
          in: 'cookie',
          name: 'atelier_session',
          description: 'La session ouverte par `/api/login` ou `/api/register` (cookie scellé, 14 jours).',
        },
        bearerAuth: {
          type: 'http',
          scheme: 'bearer',
          description: "Jeton d'API personnel, créé dans les réglages du compte : `Authorization: Bearer <jeton>`.",
        },
      },
      parameters: {
        PreferAsync: {
          name: 'Prefer',
          in: 'header',
          required: false,
          description:
            '`respond-async` : répondre tout de suite 202 avec la génération à suivre, au lieu d’attendre l’image (2 minutes au plus) ou la vidéo (10 minutes).',
          schema: { type: 'string' },
          example: 'respond-async',
        },
      },
      schemas: {
        Error: jsonSchema(errorSchema, 'output'),
        JobSnapshot: jsonSchema(procedureOutput(appRouter.jobs.get), 'output'),
      },
      responses: {
        JobPending: {
          description: 'La génération continue : suivez-la à `/api/jobs/{jobId}` ou `/api/jobs/{jobId}/events`.',
          content: {
            'application/json': {
              schema: jsonSchema(
                z.object({ jobId: z.number(), status: z.literal('pending'), message: z.string() }),
                'output',
              ),
            },
          },
        },
        ...Object.fromEntries(
          Object.values(refusals).map(({ name, description, schema }) => [
            name,
            { description, content: { 'application/json': { schema: schema ?? ref('schemas', 'Error') } } },
          ]),
        ),
      },
    },
  };
}
