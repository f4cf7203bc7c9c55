import { appRouter } from '@atelier/api';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { apiRoute } from '../openapi/api-route';
import { inputField } from '../openapi/operation';
import { procedureOutputObject } from '../openapi/schemas';
import { restHandler, type CallerFactory } from './call';

const { history } = appRouter.credits;

export function registerCreditRoutes(app: FastifyInstance, callerFor: CallerFactory): void {
  apiRoute(app, {
    operation: {
      method: 'GET',
      path: '/api/credits/history',
      tag: 'Crédits et paiements',
      summary: 'Historique des crédits',
      description: 'Les mouvements réglés du solde, du plus récent au plus ancien.',
      access: 'account',
      query: [
        {
          name: 'limit',
          schema: inputField(history, 'limit'),
          description: 'Nombre de mouvements (10 par défaut, 100 au plus).',
          example: 10,
          required: false,
        },
        {
          name: 'offset',
          schema: inputField(history, 'offset'),
          description: 'Mouvements à sauter.',
          example: 0,
          required: false,
        },
      ],
      answer: {
        kind: 'json',
        schema: procedureOutputObject(history).shape.entries as z.ZodType,
        description: 'Les mouvements.',
      },
    },
    handler: restHandler(callerFor, async (caller, request) => {
      const query = request.query as { limit?: string; offset?: string };
      const { entries } = await caller.credits.history({
        limit: query.limit === undefined ? 10 : Number(query.limit),
        offset: query.offset === undefined ? 0 : Number(query.offset),
      });
      return entries;
    }),
  });
}
