import type { FastifyInstance } from 'fastify';
import { restHandler, type CallerFactory } from './call';

export function registerCreditRoutes(app: FastifyInstance, callerFor: CallerFactory): void {
  app.get(
    '/api/credits/history',
    restHandler(callerFor, async (caller, request) => {
      const query = request.query as { limit?: string; offset?: string };
      const { entries } = await caller.credits.history({
        limit: query.limit === undefined ? 10 : Number(query.limit),
        offset: query.offset === undefined ? 0 : Number(query.offset),
      });
      return entries;
    }),
  );
}
