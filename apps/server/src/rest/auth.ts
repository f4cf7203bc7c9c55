import { appRouter } from '@atelier/api';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { apiRoute } from '../openapi/api-route';
import { answerOf, bodyOf } from '../openapi/operation';
import { procedureOutput } from '../openapi/schemas';
import { restHandler, untrusted, type CallerFactory } from './call';

const { auth, account } = appRouter;

export function registerAuthRoutes(app: FastifyInstance, callerFor: CallerFactory): void {
  apiRoute(app, {
    operation: {
      method: 'POST',
      path: '/api/register',
      tag: 'Compte',
      summary: 'Créer un compte',
      description:
        'Crée le compte et ouvre sa session (cookie). Les 100 premiers comptes reçoivent 500 crédits. `acceptTerms: true` enregistre l’acceptation des CGU / CGV en vigueur (sinon demandée avant le premier achat, `POST /api/account/terms`).',
      access: 'public',
      body: bodyOf(auth.register, {
        email: 'camille@example.fr',
        password: 'motdepasse',
        firstName: 'Camille',
        lastName: 'Durand',
        acceptTerms: true,
      }),
      answer: answerOf(auth.register, 'Le compte créé ; le cookie de session est posé.'),
      refusals: [409, 429],
    },
    handler: restHandler(callerFor, (caller, request) => caller.auth.register(untrusted(request.body))),
  });
  apiRoute(app, {
    operation: {
      method: 'POST',
      path: '/api/login',
      tag: 'Compte',
      summary: 'Se connecter',
      access: 'public',
      body: bodyOf(auth.login, { email: 'camille@example.fr', password: 'motdepasse' }),
      answer: answerOf(auth.login, 'Le compte ; le cookie de session est posé.'),
      refusals: [401, 429],
    },
    handler: restHandler(callerFor, (caller, request) => caller.auth.login(untrusted(request.body))),
  });
  apiRoute(app, {
    operation: {
      method: 'POST',
      path: '/api/auth/logout',
      tag: 'Compte',
      summary: 'Se déconnecter',
      access: 'public',
      answer: answerOf(auth.logout, 'La session est fermée.'),
    },
    handler: restHandler(callerFor, (caller) => caller.auth.logout()),
  });
  apiRoute(app, {
    operation: {
      method: 'GET',
      path: '/api/user',
      tag: 'Compte',
      summary: 'Utilisateur connecté',
      access: 'account',
      answer: {
        kind: 'json',
        schema: (procedureOutput(auth.me) as z.ZodNullable<z.ZodType>).unwrap(),
        description: "L'utilisateur de la session.",
      },
    },
    handler: restHandler(callerFor, async (caller, _request, reply) => {
      const user = await caller.auth.me();
      return user ?? reply.code(401).send({ message: 'Utilisateur non connecté' });
    }),
  });
  apiRoute(app, {
    operation: {
      method: 'GET',
      path: '/api/auth/account',
      tag: 'Compte',
      summary: 'Compte de la session',
      access: 'account',
      answer: answerOf(account.get, 'Le compte.'),
    },
    handler: restHandler(callerFor, (caller) => caller.account.get()),
  });
  apiRoute(app, {
    operation: {
      method: 'POST',
      path: '/api/account/update',
      tag: 'Compte',
      summary: 'Modifier le compte',
      description:
        'Le nom d’utilisateur et, au besoin, un nouveau mot de passe ; le mot de passe actuel est demandé. Changer de mot de passe ferme les autres sessions.',
      access: 'session',
      body: bodyOf(account.update, { username: 'camille.durand', currentPassword: 'motdepasse' }),
      answer: answerOf(account.update, 'Le compte modifié.'),
      refusals: [409, 429],
    },
    handler: restHandler(callerFor, (caller, request) => caller.account.update(untrusted(request.body))),
  });
  apiRoute(app, {
    operation: {
      method: 'POST',
      path: '/api/account/terms',
      tag: 'Compte',
      summary: 'Accepter les CGU / CGV',
      description:
        'Enregistre, avec sa date, l’acceptation des CGU / CGV en vigueur (`/cgu`) : un achat de crédits ou un abonnement les demande (409, `error` `terms_not_accepted` sinon).',
      access: 'session',
      answer: answerOf(account.acceptTerms, 'La version acceptée et sa date.'),
    },
    handler: restHandler(callerFor, (caller) => caller.account.acceptTerms()),
  });
  apiRoute(app, {
    operation: {
      method: 'GET',
      path: '/api/account/stats',
      tag: 'Compte',
      summary: 'Statistiques du compte',
      access: 'account',
      answer: answerOf(account.stats, 'Les compteurs de la page du compte.'),
    },
    handler: restHandler(callerFor, (caller) => caller.account.stats()),
  });
  apiRoute(app, {
    operation: {
      method: 'POST',
      path: '/api/auth/forgot-password',
      tag: 'Compte',
      summary: 'Mot de passe oublié',
      description:
        "Envoie par e-mail un lien de réinitialisation valable une heure, à usage unique. La réponse est la même que l'adresse ait un compte ou non ; 502 quand l'envoi d'e-mails n'est pas configuré.",
      access: 'public',
      body: bodyOf(auth.requestPasswordReset, { email: 'camille@example.fr' }),
      answer: answerOf(auth.requestPasswordReset, 'La demande est prise en compte.'),
      refusals: [429],
    },
    handler: restHandler(callerFor, (caller, request) => caller.auth.requestPasswordReset(untrusted(request.body))),
  });
  apiRoute(app, {
    operation: {
      method: 'POST',
      path: '/api/auth/reset-password',
      tag: 'Compte',
      summary: 'Choisir un nouveau mot de passe',
      description: 'Avec le jeton du lien reçu par e-mail ; toutes les sessions du compte sont fermées.',
      access: 'public',
      body: bodyOf(auth.resetPassword, { token: 'jeton-du-lien', password: 'nouveau-secret' }),
      answer: answerOf(auth.resetPassword, 'Le mot de passe est changé.'),
    },
    handler: restHandler(callerFor, (caller, request) => caller.auth.resetPassword(untrusted(request.body))),
  });
}
