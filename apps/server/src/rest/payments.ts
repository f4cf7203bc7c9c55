import type { FastifyInstance } from 'fastify';
import { restHandler, untrusted, type CallerFactory } from './call';

export async function registerPaymentRoutes(app: FastifyInstance, callerFor: CallerFactory): Promise<void> {
  app.get(
    '/api/stripe/config',
    restHandler(callerFor, (caller) => caller.payments.config()),
  );
  app.post(
    '/api/stripe/create-payment-intent',
    restHandler(callerFor, (caller, request) => caller.payments.createIntent(untrusted(request.body))),
  );
  app.post(
    '/api/stripe/confirm',
    restHandler(callerFor, (caller, request) => caller.payments.confirm(untrusted(request.body))),
  );

  app.get(
    '/api/account/subscription',
    restHandler(callerFor, (caller) => caller.subscriptions.status()),
  );
  app.post(
    '/api/subscriptions',
    restHandler(callerFor, (caller, request) => caller.subscriptions.subscribe(untrusted(request.body))),
  );
  app.post(
    '/api/subscriptions/confirm',
    restHandler(callerFor, (caller) => caller.subscriptions.confirm()),
  );
  app.post(
    '/api/subscriptions/cancel',
    restHandler(callerFor, (caller) => caller.subscriptions.cancel()),
  );
  app.post(
    '/api/subscriptions/resume',
    restHandler(callerFor, (caller) => caller.subscriptions.resume()),
  );
  app.post(
    '/api/subscriptions/portal',
    restHandler(callerFor, (caller, request) => caller.subscriptions.portal(untrusted(request.body))),
  );

  // Stripe signs the exact bytes it sends: in this scope only, bodies stay raw, whatever their type.
  await app.register(async (webhook) => {
    webhook.removeAllContentTypeParsers();
    webhook.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    webhook.post(
      '/api/stripe/webhook',
      restHandler(callerFor, (caller, request) =>
        caller.payments.webhook({
          payload: untrusted(request.body),
          signature: untrusted(request.headers['stripe-signature']),
        }),
      ),
    );
  });
}
