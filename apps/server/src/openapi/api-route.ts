import type { FastifyInstance, RouteHandlerMethod, RouteShorthandOptions } from 'fastify';
import type { ApiOperation } from './operation';

export interface RegisteredRoute {
  method: string;
  url: string;
  /** Its description for third-party clients; none for a route the document leaves out. */
  operation?: ApiOperation | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route registered under `/api` (HEAD aside): what the OpenAPI document must describe. */
    apiRoutes: RegisteredRoute[];
  }
  interface FastifyContextConfig {
    operation?: ApiOperation;
  }
}

/** Keeps the list of `/api` routes, with their descriptions, as they are registered; call before registering any. */
export function recordApiRoutes(app: FastifyInstance): void {
  const routes: RegisteredRoute[] = [];
  app.decorate('apiRoutes', routes);
  app.addHook('onRoute', ({ method, url, config }) => {
    if (!url.startsWith('/api/')) return;
    for (const one of [method].flat())
      if (one !== 'HEAD') routes.push({ method: one, url, operation: config?.operation });
  });
}

/** Fastify's form of an OpenAPI path: `{id}` is `:id`, the wildcard parameter is `*`. */
export function fastifyUrl({ path, wildcard }: Pick<ApiOperation, 'path' | 'wildcard'>): string {
  return path.replace(/\{([^}]+)\}/g, (_m, name: string) => (name === wildcard ? '*' : `:${name}`));
}

/**
 * Registers an `/api` route with its description: the route's method and URL are those its
 * description gives, and the OpenAPI document is built from the descriptions registered.
 */
export function apiRoute(
  app: FastifyInstance,
  route: {
    operation: ApiOperation;
    handler: RouteHandlerMethod;
    options?: Pick<RouteShorthandOptions, 'logLevel' | 'bodyLimit'>;
  },
): void {
  const { operation, handler, options } = route;
  app.route({ ...options, method: operation.method, url: fastifyUrl(operation), config: { operation }, handler });
}

/** The descriptions of the `/api` routes registered, in their order. */
export function describedOperations(app: FastifyInstance): ApiOperation[] {
  return app.apiRoutes.flatMap(({ operation }) => (operation ? [operation] : []));
}
