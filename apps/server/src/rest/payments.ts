import { appRouter } from '@atelier/api';
import { CREDIT_PACKS, SUBSCRIPTION_PLANS } from '@atelier/catalog';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { apiRoute } from '../openapi/api-route';
import { answerOf, bodyOf } from '../openapi/operation';
import { restHandler, untrusted, type CallerFactory } from './call';

/** The plans as the OpenAPI description lists them, from the catalogue. */
const PLANS_IN_WORDS = SUBSCRIPTION_PLANS.map(
  (plan) => `\`${plan.id}\` (${plan.credits.toLocaleString('fr-FR')} crédits, ${plan.priceCents / 100} €/mois)`,
).join(', ');
const PACKS_IN_WORDS = CREDIT_PACKS.map((pack) => `${pack.credits} = ${pack.priceCents / 100} €`).join(', ');

const { payments, subscriptions } = appRouter;

export async function registerPaymentRoutes(app: FastifyInstance, callerFor: CallerFactory): Promise<void> {
  apiRoute(app, {
    operation: {
      method: 'GET',
      path: '/api/stripe/config',
      tag: 'Crédits et paiements',
      summary: 'Clé publique Stripe',
      access: 'public',
      answer: answerOf(payments.config, 'La clé publiable, ou null quand les paiements ne sont pas configurés.'),
    },
    handler: restHandler(callerFor, (caller) => caller.payments.config()),
  });
  apiRoute(app, {
    operation: {
      method: 'POST',
      path: '/api/stripe/create-payment-intent',
      tag: 'Crédits et paiements',
      summary: 'Commencer un achat de crédits',
      description: `Le pack doit être l’un de ceux du serveur (${PACKS_IN_WORDS}) ; les CGU / CGV en vigueur doivent être acceptées (409, \`error\` \`terms_not_accepted\` sinon, voir \`POST /api/account/terms\`).`,
      access: 'account',
      body: bodyOf(payments.createIntent, { credits: 1000, amount: 5 }),
      answer: answerOf(payments.createIntent, 'Le PaymentIntent Stripe à confirmer dans le navigateur.'),
      refusals: [409, 429, 503],
    },
    handler: restHandler(callerFor, (caller, request) => caller.payments.createIntent(untrusted(request.body))),
  });
  apiRoute(app, {
    operation: {
      method: 'POST',
      path: '/api/stripe/confirm',
      tag: 'Crédits et paiements',
      summary: 'Confirmer un achat',
      description: 'Demande à Stripe où en est le paiement et crédite le compte une seule fois quand il a réussi.',
      access: 'account',
      body: bodyOf(payments.confirm, { paymentIntentId: 'pi_3Nexemple' }),
      answer: answerOf(payments.confirm, 'L’état du paiement et le solde.'),
      refusals: [404, 409, 503],
    },
    handler: restHandler(callerFor, (caller, request) => caller.payments.confirm(untrusted(request.body))),
  });

  apiRoute(app, {
    operation: {
      method: 'GET',
      path: '/api/account/subscription',
      tag: 'Crédits et paiements',
      summary: 'Abonnement du compte',
      description:
        'La formule payée pour la période en cours, son état (`active`, `past_due`, `canceled`…), le prochain renouvellement (date, formule, montant, crédits : une formule inférieure choisie en cours de mois n’y vient qu’à ce moment) et les dernières factures payées.',
      access: 'account',
      answer: answerOf(subscriptions.status, "L'abonnement, ou null, et les factures."),
    },
    handler: restHandler(callerFor, (caller) => caller.subscriptions.status()),
  });
  apiRoute(app, {
    operation: {
      method: 'POST',
      path: '/api/subscriptions',
      tag: 'Crédits et paiements',
      summary: "S'abonner ou changer de formule",
      description: `Formules : ${PLANS_IN_WORDS}. Un premier abonnement renvoie le \`clientSecret\` à confirmer avec Stripe.js ; une formule au-dessus de celle payée pour le mois est facturée aussitôt, au prorata de la différence avec celle-ci (et ses crédits accordés de même) ; une formule inférieure prend effet au renouvellement, la formule payée restant jusque-là ; revenir à une formule déjà payée ne coûte rien. Les CGU / CGV en vigueur doivent être acceptées (409, \`error\` \`terms_not_accepted\` sinon).`,
      access: 'account',
      body: bodyOf(subscriptions.subscribe, { plan: 'avance' }),
      answer: answerOf(
        subscriptions.subscribe,
        'Le secret à confirmer dans le navigateur, ou null quand rien n’est à payer maintenant.',
      ),
      refusals: [404, 409, 429, 503],
    },
    handler: restHandler(callerFor, (caller, request) => caller.subscriptions.subscribe(untrusted(request.body))),
  });
  apiRoute(app, {
    operation: {
      method: 'POST',
      path: '/api/subscriptions/confirm',
      tag: 'Crédits et paiements',
      summary: 'Confirmer un abonnement payé',
      description:
        'Demande à Stripe où en est l’abonnement et sa dernière facture, et accorde ses crédits une seule fois quand elle est payée.',
      access: 'account',
      answer: answerOf(subscriptions.confirm, "L'état de l'abonnement et les crédits de la facture."),
      refusals: [404, 429, 503],
    },
    handler: restHandler(callerFor, (caller) => caller.subscriptions.confirm()),
  });
  apiRoute(app, {
    operation: {
      method: 'POST',
      path: '/api/subscriptions/cancel',
      tag: 'Crédits et paiements',
      summary: "Annuler l'abonnement",
      description: 'L’abonnement s’arrête à la fin de la période payée ; les crédits déjà accordés restent.',
      access: 'account',
      answer: answerOf(subscriptions.cancel, 'Annulation enregistrée.'),
      refusals: [404, 429, 503],
    },
    handler: restHandler(callerFor, (caller) => caller.subscriptions.cancel()),
  });
  apiRoute(app, {
    operation: {
      method: 'POST',
      path: '/api/subscriptions/resume',
      tag: 'Crédits et paiements',
      summary: "Reprendre l'abonnement",
      description: 'Retire une annulation avant la fin de la période.',
      access: 'account',
      answer: answerOf(subscriptions.resume, 'Abonnement repris.'),
      refusals: [404, 409, 429, 503],
    },
    handler: restHandler(callerFor, (caller) => caller.subscriptions.resume()),
  });
  apiRoute(app, {
    operation: {
      method: 'POST',
      path: '/api/subscriptions/portal',
      tag: 'Crédits et paiements',
      summary: 'Espace de paiement Stripe',
      description: 'Une adresse du portail client de Stripe pour mettre à jour la carte ; il renvoie vers `returnUrl`.',
      access: 'account',
      body: bodyOf(subscriptions.portal, { returnUrl: 'https://atelier.example/account?tab=credits' }),
      answer: answerOf(subscriptions.portal, "L'adresse du portail."),
      refusals: [404, 429, 503],
    },
    handler: restHandler(callerFor, (caller, request) => caller.subscriptions.portal(untrusted(request.body))),
  });

  // Stripe signs the exact bytes it sends: in this scope only, bodies stay raw, whatever their type.
  await app.register(async (webhook) => {
    webhook.removeAllContentTypeParsers();
    webhook.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    apiRoute(webhook, {
      operation: {
        method: 'POST',
        path: '/api/stripe/webhook',
        tag: 'Webhooks',
        summary: 'Événements Stripe',
        description:
          'Reçoit `payment_intent.succeeded`, `payment_intent.payment_failed`, `invoice.paid`, `invoice.payment_failed` et `customer.subscription.created|updated|deleted`, signés par Stripe (en-tête `Stripe-Signature`, corps brut).',
        access: 'signed',
        headers: [
          {
            name: 'Stripe-Signature',
            schema: z.string(),
            description: 'La signature de Stripe.',
            example: 't=1795000000,v1=…',
          },
        ],
        body: {
          kind: 'raw',
          description: "L'événement, tel que Stripe l'a signé.",
          example: { type: 'payment_intent.succeeded' },
        },
        answer: answerOf(payments.webhook, 'Événement reçu.'),
        refusals: [503],
      },
      handler: restHandler(callerFor, (caller, request) =>
        caller.payments.webhook({
          payload: untrusted(request.body),
          signature: untrusted(request.headers['stripe-signature']),
        }),
      ),
    });
  });
}
