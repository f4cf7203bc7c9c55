import { appRouter } from '@atelier/api';
import type { AnyTRPCProcedure } from '@trpc/server';
import { z } from 'zod';
import type { ApiOperation, Parameter } from './operation';
import { jsonSchema, procedureInput, procedureOutput, procedureOutputObject } from './schemas';

/**
 * Every `/api` path the server answers, described for third-party clients from the zod schemas of
 * the procedures they call. The contract test checks this list against Fastify's routes both ways:
 * a path added without its description here fails it.
 */

const field = (procedure: AnyTRPCProcedure, name: string): z.ZodType => {
  const schema = (procedureInput(procedure).shape as Record<string, z.ZodType | undefined>)[name];
  if (!schema) throw new Error(`La procédure n'a pas de champ ${name}`);
  return schema;
};

const pathId = (
  name: string,
  procedure: AnyTRPCProcedure,
  inputField: string,
  description: string,
  example: number,
): Parameter => ({
  name,
  schema: field(procedure, inputField),
  description,
  example,
});

const pageQuery = (procedure: AnyTRPCProcedure): Parameter[] => [
  {
    name: 'limit',
    schema: field(procedure, 'limit'),
    description: 'Taille de la page (50 par défaut, 100 au plus).',
    example: 20,
    required: false,
  },
  {
    name: 'cursor',
    schema: field(procedure, 'cursor'),
    description: 'Le `nextCursor` de la page précédente ; absent pour la première page.',
    example: '1795000000000_42',
    required: false,
  },
];

const promptExample = 'Portrait à l’aquarelle, lumière douce';
const mediaExample = '/api/media/uploads/2026/11/0f8e2d3a-5b6c-4d7e-8f90-1a2b3c4d5e6f.jpg';

/** The JSON body a procedure validates, without `respondAsync`, which REST takes from `Prefer`. */
const bodyOf = (procedure: AnyTRPCProcedure, example: unknown) => {
  const input = procedureInput(procedure);
  return {
    kind: 'json' as const,
    schema: 'respondAsync' in input.shape ? input.omit({ respondAsync: true }) : input,
    example,
  };
};

const answerOf = (procedure: AnyTRPCProcedure, description: string) => ({
  kind: 'json' as const,
  schema: procedureOutput(procedure),
  description,
});

/** What the REST upload form carries: the file, then the text fields of the procedure (JSON-encoded where they are objects). */
const uploadFields = {
  style: {
    type: 'string',
    maxLength: 4000,
    examples: ['Aquarelle'],
    description: 'Le style demandé, en texte libre (les options du catalogue y sont reconnues).',
  },
  selection: {
    type: 'string',
    contentMediaType: 'application/json',
    contentSchema: jsonSchema(field(appRouter.transform.upload, 'selection'), 'input'),
    description: 'Les options choisies, en JSON.',
  },
  colors: {
    type: 'string',
    contentMediaType: 'application/json',
    contentSchema: jsonSchema(field(appRouter.transform.upload, 'colors'), 'input'),
    description: 'Les couleurs choisies, en JSON.',
  },
  isComposite: { type: 'string', enum: ['true', 'false'], description: 'Vrai pour une image composée dans le studio.' },
};

/** The transform paths' refusal: the spec's `{ success: false, error, message }`. */
const transformRefusal = z.object({
  success: z.literal(false),
  error: z.string().describe('Code machine : `insufficient_credits`, `validation`, `not_found`…'),
  message: z.string().describe("Message en français, à montrer à l'utilisateur."),
  fieldErrors: z.record(z.string(), z.array(z.string())).optional(),
});

const jobId = pathId('id', appRouter.jobs.get, 'id', 'Identifiant de la génération.', 7);
const videoId = pathId('id', appRouter.videos.delete, 'id', 'Identifiant de la vidéo.', 3);

export const apiOperations: ApiOperation[] = [
  // Compte
  {
    method: 'POST',
    path: '/api/register',
    tag: 'Compte',
    summary: 'Créer un compte',
    description: 'Crée le compte et ouvre sa session (cookie). Les 100 premiers comptes reçoivent 500 crédits.',
    access: 'public',
    body: bodyOf(appRouter.auth.register, {
      email: 'camille@example.fr',
      password: 'motdepasse',
      firstName: 'Camille',
      lastName: 'Durand',
    }),
    answer: answerOf(appRouter.auth.register, 'Le compte créé ; le cookie de session est posé.'),
    refusals: [409, 429],
  },
  {
    method: 'POST',
    path: '/api/login',
    tag: 'Compte',
    summary: 'Se connecter',
    access: 'public',
    body: bodyOf(appRouter.auth.login, { email: 'camille@example.fr', password: 'motdepasse' }),
    answer: answerOf(appRouter.auth.login, 'Le compte ; le cookie de session est posé.'),
    refusals: [401, 429],
  },
  {
    method: 'POST',
    path: '/api/auth/logout',
    tag: 'Compte',
    summary: 'Se déconnecter',
    access: 'public',
    answer: answerOf(appRouter.auth.logout, 'La session est fermée.'),
  },
  {
    method: 'GET',
    path: '/api/user',
    tag: 'Compte',
    summary: 'Utilisateur connecté',
    access: 'account',
    answer: {
      kind: 'json',
      schema: (procedureOutput(appRouter.auth.me) as z.ZodNullable<z.ZodType>).unwrap(),
      description: "L'utilisateur de la session.",
    },
  },
  {
    method: 'GET',
    path: '/api/auth/account',
    tag: 'Compte',
    summary: 'Compte de la session',
    access: 'account',
    answer: answerOf(appRouter.account.get, 'Le compte.'),
  },
  {
    method: 'POST',
    path: '/api/account/update',
    tag: 'Compte',
    summary: 'Modifier le compte',
    description:
      'Le nom d’utilisateur et, au besoin, un nouveau mot de passe ; le mot de passe actuel est demandé. Changer de mot de passe ferme les autres sessions.',
    access: 'account',
    body: bodyOf(appRouter.account.update, { username: 'camille.durand', currentPassword: 'motdepasse' }),
    answer: answerOf(appRouter.account.update, 'Le compte modifié.'),
    refusals: [409, 429],
  },
  {
    method: 'GET',
    path: '/api/account/stats',
    tag: 'Compte',
    summary: 'Statistiques du compte',
    access: 'account',
    answer: answerOf(appRouter.account.stats, 'Les compteurs de la page du compte.'),
  },
  {
    method: 'GET',
    path: '/api/account/export',
    tag: 'Compte',
    summary: 'Exporter mes données',
    description:
      'Une archive ZIP : `donnees.json` (profil, historique des crédits et paiements, galerie et publications, vidéos, imports, transformations, workflows, mentions « J’aime », appareils connectés et jetons d’API, sans aucun secret) et, sous `media/`, les images et vidéos du compte, chacune au chemin de son adresse `/api/media/<clé>`.',
    access: 'account',
    answer: {
      kind: 'file',
      mediaTypes: ['application/zip'],
      description: 'L’archive, en pièce jointe (dix par minute au plus).',
    },
    refusals: [429],
  },
  {
    method: 'POST',
    path: '/api/account/delete',
    tag: 'Compte',
    summary: 'Supprimer mon compte',
    description:
      'Avec le mot de passe du compte : supprime le compte, ses sessions, jetons d’API, imports, résultats, vidéos, workflows, mentions « J’aime » et publications, en base et dans le stockage ; l’historique des crédits et les paiements sont gardés pour la comptabilité, sans lien avec la personne. 409 tant qu’une génération est en cours.',
    access: 'account',
    body: bodyOf(appRouter.account.delete, { password: 'motdepasse' }),
    answer: answerOf(appRouter.account.delete, 'Le compte est supprimé ; la session est fermée.'),
    refusals: [409, 429],
  },
  {
    method: 'POST',
    path: '/api/auth/forgot-password',
    tag: 'Compte',
    summary: 'Mot de passe oublié',
    description:
      "Envoie par e-mail un lien de réinitialisation valable une heure, à usage unique. La réponse est la même que l'adresse ait un compte ou non ; 502 quand l'envoi d'e-mails n'est pas configuré.",
    access: 'public',
    body: bodyOf(appRouter.auth.requestPasswordReset, { email: 'camille@example.fr' }),
    answer: answerOf(appRouter.auth.requestPasswordReset, 'La demande est prise en compte.'),
    refusals: [429],
  },
  {
    method: 'POST',
    path: '/api/auth/reset-password',
    tag: 'Compte',
    summary: 'Choisir un nouveau mot de passe',
    description: 'Avec le jeton du lien reçu par e-mail ; toutes les sessions du compte sont fermées.',
    access: 'public',
    body: bodyOf(appRouter.auth.resetPassword, { token: 'jeton-du-lien', password: 'nouveau-secret' }),
    answer: answerOf(appRouter.auth.resetPassword, 'Le mot de passe est changé.'),
  },
  {
    method: 'GET',
    path: '/api/account/sessions',
    tag: 'Compte',
    summary: 'Sessions actives',
    description: 'Les appareils connectés au compte, avec leur dernière activité.',
    access: 'account',
    answer: answerOf(appRouter.sessions.list, 'Les sessions actives.'),
  },
  {
    method: 'DELETE',
    path: '/api/account/sessions/{id}',
    tag: 'Compte',
    summary: 'Fermer une session',
    access: 'account',
    params: [pathId('id', appRouter.sessions.end, 'id', 'Identifiant de la session.', 2)],
    answer: answerOf(appRouter.sessions.end, 'La session est fermée.'),
  },
  {
    method: 'DELETE',
    path: '/api/account/sessions',
    tag: 'Compte',
    summary: 'Se déconnecter de tous les appareils',
    description: 'Ferme toutes les sessions du compte, celle-ci comprise.',
    access: 'account',
    answer: answerOf(appRouter.sessions.endAll, 'Toutes les sessions sont fermées.'),
  },
  {
    method: 'GET',
    path: '/api/account/tokens',
    tag: 'Compte',
    summary: "Jetons d'API",
    access: 'account',
    answer: answerOf(appRouter.apiTokens.list, "Les jetons d'API du compte (jamais leur valeur)."),
  },
  {
    method: 'POST',
    path: '/api/account/tokens',
    tag: 'Compte',
    summary: "Créer un jeton d'API",
    description:
      "Le jeton n'est montré qu'une fois, dans cette réponse. Portée `read` (lecture) ou `generate` (peut dépenser des crédits).",
    access: 'account',
    body: bodyOf(appRouter.apiTokens.create, { name: 'Mon script', scope: 'read' }),
    answer: answerOf(appRouter.apiTokens.create, 'Le jeton créé.'),
    created: true,
    refusals: [409],
  },
  {
    method: 'DELETE',
    path: '/api/account/tokens/{id}',
    tag: 'Compte',
    summary: "Révoquer un jeton d'API",
    access: 'account',
    params: [pathId('id', appRouter.apiTokens.revoke, 'id', 'Identifiant du jeton.', 1)],
    answer: answerOf(appRouter.apiTokens.revoke, 'Le jeton est révoqué.'),
  },
  {
    method: 'DELETE',
    path: '/api/account/tokens',
    tag: 'Compte',
    summary: "Révoquer tous les jetons d'API",
    description: 'Chaque jeton du compte est refusé dès sa requête suivante. La réponse dit combien ont été révoqués.',
    access: 'account',
    answer: answerOf(appRouter.apiTokens.revokeAll, 'Les jetons sont révoqués.'),
  },

  // Crédits et paiements
  {
    method: 'GET',
    path: '/api/credits/history',
    tag: 'Crédits et paiements',
    summary: 'Historique des crédits',
    description: 'Les mouvements réglés du solde, du plus récent au plus ancien.',
    access: 'account',
    query: [
      {
        name: 'limit',
        schema: field(appRouter.credits.history, 'limit'),
        description: 'Nombre de mouvements (10 par défaut, 100 au plus).',
        example: 10,
        required: false,
      },
      {
        name: 'offset',
        schema: field(appRouter.credits.history, 'offset'),
        description: 'Mouvements à sauter.',
        example: 0,
        required: false,
      },
    ],
    answer: {
      kind: 'json',
      schema: procedureOutputObject(appRouter.credits.history).shape.entries as z.ZodType,
      description: 'Les mouvements.',
    },
  },
  {
    method: 'GET',
    path: '/api/stripe/config',
    tag: 'Crédits et paiements',
    summary: 'Clé publique Stripe',
    access: 'public',
    answer: answerOf(
      appRouter.payments.config,
      'La clé publiable, ou null quand les paiements ne sont pas configurés.',
    ),
  },
  {
    method: 'POST',
    path: '/api/stripe/create-payment-intent',
    tag: 'Crédits et paiements',
    summary: 'Commencer un achat de crédits',
    description: 'Le pack doit être l’un de ceux du serveur (1000 = 5 €, 2500 = 10 €, 6000 = 20 €).',
    access: 'account',
    body: bodyOf(appRouter.payments.createIntent, { credits: 1000, amount: 5 }),
    answer: answerOf(appRouter.payments.createIntent, 'Le PaymentIntent Stripe à confirmer dans le navigateur.'),
    refusals: [429, 503],
  },
  {
    method: 'POST',
    path: '/api/stripe/confirm',
    tag: 'Crédits et paiements',
    summary: 'Confirmer un achat',
    description: 'Demande à Stripe où en est le paiement et crédite le compte une seule fois quand il a réussi.',
    access: 'account',
    body: bodyOf(appRouter.payments.confirm, { paymentIntentId: 'pi_3Nexemple' }),
    answer: answerOf(appRouter.payments.confirm, 'L’état du paiement et le solde.'),
    refusals: [404, 409, 503],
  },
  {
    method: 'GET',
    path: '/api/account/subscription',
    tag: 'Crédits et paiements',
    summary: 'Abonnement du compte',
    description:
      'La formule payée pour la période en cours, son état (`active`, `past_due`, `canceled`…), le prochain renouvellement (date, formule, montant, crédits : une formule inférieure choisie en cours de mois n’y vient qu’à ce moment) et les dernières factures payées.',
    access: 'account',
    answer: answerOf(appRouter.subscriptions.status, "L'abonnement, ou null, et les factures."),
  },
  {
    method: 'POST',
    path: '/api/subscriptions',
    tag: 'Crédits et paiements',
    summary: "S'abonner ou changer de formule",
    description:
      'Formules : `essentiel` (2 000 crédits, 10 €/mois), `avance` (5 000 crédits, 20 €/mois), `premium` (10 000 crédits, 35 €/mois). Un premier abonnement renvoie le `clientSecret` à confirmer avec Stripe.js ; une formule au-dessus de celle payée pour le mois est facturée aussitôt, au prorata de la différence avec celle-ci (et ses crédits accordés de même) ; une formule inférieure prend effet au renouvellement, la formule payée restant jusque-là ; revenir à une formule déjà payée ne coûte rien.',
    access: 'account',
    body: bodyOf(appRouter.subscriptions.subscribe, { plan: 'avance' }),
    answer: answerOf(
      appRouter.subscriptions.subscribe,
      'Le secret à confirmer dans le navigateur, ou null quand rien n’est à payer maintenant.',
    ),
    refusals: [404, 409, 429, 503],
  },
  {
    method: 'POST',
    path: '/api/subscriptions/confirm',
    tag: 'Crédits et paiements',
    summary: 'Confirmer un abonnement payé',
    description:
      'Demande à Stripe où en est l’abonnement et sa dernière facture, et accorde ses crédits une seule fois quand elle est payée.',
    access: 'account',
    answer: answerOf(appRouter.subscriptions.confirm, "L'état de l'abonnement et les crédits de la facture."),
    refusals: [404, 429, 503],
  },
  {
    method: 'POST',
    path: '/api/subscriptions/cancel',
    tag: 'Crédits et paiements',
    summary: "Annuler l'abonnement",
    description: 'L’abonnement s’arrête à la fin de la période payée ; les crédits déjà accordés restent.',
    access: 'account',
    answer: answerOf(appRouter.subscriptions.cancel, 'Annulation enregistrée.'),
    refusals: [404, 429, 503],
  },
  {
    method: 'POST',
    path: '/api/subscriptions/resume',
    tag: 'Crédits et paiements',
    summary: "Reprendre l'abonnement",
    description: 'Retire une annulation avant la fin de la période.',
    access: 'account',
    answer: answerOf(appRouter.subscriptions.resume, 'Abonnement repris.'),
    refusals: [404, 409, 429, 503],
  },
  {
    method: 'POST',
    path: '/api/subscriptions/portal',
    tag: 'Crédits et paiements',
    summary: 'Espace de paiement Stripe',
    description: 'Une adresse du portail client de Stripe pour mettre à jour la carte ; il renvoie vers `returnUrl`.',
    access: 'account',
    body: bodyOf(appRouter.subscriptions.portal, { returnUrl: 'https://atelier.example/account?tab=credits' }),
    answer: answerOf(appRouter.subscriptions.portal, "L'adresse du portail."),
    refusals: [404, 429, 503],
  },
  {
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
    answer: answerOf(appRouter.payments.webhook, 'Événement reçu.'),
    refusals: [503],
  },
  {
    method: 'POST',
    path: '/api/replicate/webhook',
    tag: 'Webhooks',
    summary: 'Prédictions Replicate',
    description:
      "Reçoit la fin des prédictions Replicate, signée (`webhook-id`, `webhook-timestamp`, `webhook-signature`, 5 minutes au plus). Un message déjà reçu est accepté sans autre effet. N'existe (404) que sur un serveur qui attend ces webhooks : moteur Replicate et `PUBLIC_URL`.",
    access: 'signed',
    headers: [
      { name: 'webhook-id', schema: z.string(), description: 'Identifiant du message.', example: 'msg_2abc' },
      {
        name: 'webhook-timestamp',
        schema: z.string(),
        description: "Date d'envoi, en secondes.",
        example: '1795000000',
      },
      { name: 'webhook-signature', schema: z.string(), description: 'La signature de Replicate.', example: 'v1,…' },
    ],
    body: {
      kind: 'raw',
      description: 'La prédiction, telle que Replicate l’a signée.',
      example: { id: 'p1', status: 'succeeded' },
    },
    answer: answerOf(appRouter.jobs.replicateWebhook, 'Message reçu.'),
    refusals: [400, 401, 404, 413],
  },

  // Images
  {
    method: 'POST',
    path: '/api/upload',
    tag: 'Images',
    summary: 'Envoyer une photo',
    description:
      "Formulaire multipart : le champ `image` (10 Mo au plus, décodée quel que soit son nom ou son type ; orientée, débarrassée de l'EXIF et du GPS, 4096 px au plus).",
    access: 'account',
    body: { kind: 'multipart', file: 'image', fields: uploadFields, description: 'La photo et ses options.' },
    answer: {
      kind: 'json',
      schema: procedureOutputObject(appRouter.transform.upload).pick({ id: true, imagePath: true }),
      description: 'La photo enregistrée : son identifiant (pour `/api/transform/{id}`) et son adresse.',
    },
    refusals: [413, 415],
  },
  {
    method: 'POST',
    path: '/api/upload-reference',
    tag: 'Images',
    summary: 'Envoyer une image de référence',
    description: 'Formulaire multipart : le champ `referenceImage` et `type` (face, body, environment ou style).',
    access: 'account',
    body: {
      kind: 'multipart',
      file: 'referenceImage',
      fields: {
        type: { ...jsonSchema(field(appRouter.transform.uploadReference, 'type'), 'input'), examples: ['style'] },
      },
      description: 'L’image et son rôle.',
    },
    answer: answerOf(appRouter.transform.uploadReference, "L'adresse de l'image."),
    refusals: [413, 415],
  },
  {
    method: 'POST',
    path: '/api/transform/{id}',
    tag: 'Images',
    summary: 'Transformer une photo envoyée',
    description:
      'Applique à la photo les options données à son envoi. 50 crédits, pris seulement quand l’image est faite.',
    access: 'account',
    params: [pathId('id', appRouter.transform.run, 'uploadId', 'Identifiant de la photo envoyée.', 12)],
    body: {
      kind: 'json',
      schema: procedureInput(appRouter.transform.run).pick({ seed: true }),
      example: {},
      required: false,
    },
    answer: answerOf(appRouter.transform.run, 'L’image transformée, sa génération et sa graine.'),
    refusals: [404],
    generation: true,
    refusalSchema: transformRefusal,
  },
  {
    method: 'POST',
    path: '/api/transform',
    tag: 'Images',
    summary: 'Rendu du workflow ou d’un nœud',
    description:
      'Deux corps : le rendu du workflow (`type: "workflow"`) ou la transformation d’un seul nœud. 50 crédits par image faite.',
    access: 'account',
    body: {
      kind: 'json',
      schema: z.union([
        bodyOf(appRouter.transform.workflow, null).schema,
        bodyOf(appRouter.transform.node, null).schema,
      ]),
      example: { type: 'workflow', nodeId: 'n1', image: mediaExample, style: promptExample },
    },
    answer: {
      kind: 'json',
      schema: z.union([procedureOutput(appRouter.transform.workflow), procedureOutput(appRouter.transform.node)]),
      description: 'L’image faite.',
    },
    refusals: [404],
    generation: true,
    refusalSchema: transformRefusal,
  },
  {
    method: 'GET',
    path: '/api/transformations/recent',
    tag: 'Images',
    summary: 'Transformations récentes',
    access: 'account',
    answer: answerOf(appRouter.transform.recent, 'Les dernières images faites, la plus récente d’abord.'),
  },
  {
    method: 'GET',
    path: '/api/media/{key}',
    wildcard: 'key',
    tag: 'Images',
    summary: 'Fichier stocké',
    description:
      "Une photo, un résultat ou une vidéo : pour son propriétaire, ou pour tous une fois publié. L'adresse ne change jamais de contenu.",
    access: 'viewer',
    params: [
      {
        name: 'key',
        schema: z.string(),
        description: 'La clé du fichier (elle contient des `/`).',
        example: 'uploads/2026/11/0f8e2d3a-5b6c-4d7e-8f90-1a2b3c4d5e6f.jpg',
      },
    ],
    query: [
      {
        name: 'w',
        schema: field(appRouter.media.preview, 'width'),
        description:
          'Pour une image : sa petite version en WebP, son petit côté à cette largeur (jamais agrandie), pour les vignettes des grilles.',
        example: 320,
        required: false,
      },
    ],
    answer: {
      kind: 'file',
      mediaTypes: ['image/jpeg', 'image/png', 'image/webp', 'video/mp4'],
      description: 'Le fichier, ou sa petite version avec `w`.',
    },
    refusals: [400, 404],
    ranges: true,
  },
  {
    method: 'GET',
    path: '/api/art/{name}',
    tag: 'Images',
    summary: 'Image du catalogue',
    description: 'Les images de départ du studio et celles de la page d’accueil.',
    access: 'public',
    params: [
      {
        name: 'name',
        schema: z.string(),
        description: "Le nom de l'image, `.jpg` compris.",
        example: 'model-camille.jpg',
      },
    ],
    answer: { kind: 'file', mediaTypes: ['image/jpeg'], description: "L'image." },
    refusals: [404],
  },
  {
    method: 'GET',
    path: '/api/thumbnail/{name}',
    tag: 'Images',
    summary: 'Vignette d’une option',
    description: '`{catégorie}-{option}.jpg`, ou `{style}.jpg` pour un style.',
    access: 'public',
    params: [{ name: 'name', schema: z.string(), description: 'La vignette.', example: 'lighting-golden-hour.jpg' }],
    answer: { kind: 'file', mediaTypes: ['image/jpeg'], description: 'La vignette.' },
    refusals: [404],
  },
  {
    method: 'GET',
    path: '/api/default-models',
    tag: 'Images',
    summary: 'Images de départ',
    access: 'viewer',
    answer: answerOf(appRouter.media.defaults, 'Les images de départ du studio et la dernière image utilisée.'),
  },
  {
    method: 'GET',
    path: '/api/gallery/default',
    tag: 'Images',
    summary: 'Images d’accueil',
    access: 'public',
    answer: answerOf(appRouter.media.welcomeImages, 'Les images de la page d’accueil.'),
  },
  {
    method: 'POST',
    path: '/api/set-last-used-image',
    tag: 'Images',
    summary: 'Retenir la dernière image',
    access: 'account',
    body: bodyOf(appRouter.media.setLastUsedImage, { imagePath: mediaExample }),
    answer: answerOf(appRouter.media.setLastUsedImage, 'Image retenue.'),
    refusals: [404],
  },
  {
    method: 'GET',
    path: '/api/view-stitch/{filename}',
    tag: 'Images',
    summary: 'Avant / après',
    description: "L'image d'origine et son résultat côte à côte.",
    access: 'viewer',
    params: [
      {
        name: 'filename',
        schema: field(appRouter.media.stitch, 'filename'),
        description: 'Le nom du fichier résultat.',
        example: '0f8e2d3a-5b6c-4d7e-8f90-1a2b3c4d5e6f.jpg',
      },
    ],
    answer: { kind: 'file', mediaTypes: ['image/jpeg'], description: "L'image assemblée." },
    refusals: [404],
  },
  {
    method: 'POST',
    path: '/api/create-composite',
    tag: 'Images',
    summary: 'Composer des images',
    description:
      'Deux corps : la fusion COMBINE (`imageUrls`, `layout`) ou la composition avec références (`mainImage`, `referenceImages`).',
    access: 'account',
    body: {
      kind: 'json',
      schema: z.union([procedureInput(appRouter.media.combine), procedureInput(appRouter.media.referenceComposite)]),
      example: { mainImage: mediaExample, referenceImages: {} },
    },
    answer: {
      kind: 'json',
      schema: z.union([procedureOutput(appRouter.media.combine), procedureOutput(appRouter.media.referenceComposite)]),
      description: "L'image composée.",
    },
    refusals: [404],
  },

  // Galerie et fil public
  {
    method: 'POST',
    path: '/api/gallery/save',
    tag: 'Galerie et fil public',
    summary: 'Enregistrer dans la galerie',
    access: 'account',
    body: bodyOf(appRouter.gallery.save, {
      transformedImagePath: mediaExample,
      transformationType: 'style',
      transformationOption: 'Aquarelle',
    }),
    answer: answerOf(appRouter.gallery.save, "L'élément enregistré."),
    refusals: [404],
  },
  {
    method: 'GET',
    path: '/api/gallery/{userId}',
    tag: 'Galerie et fil public',
    summary: 'Galerie de l’utilisateur',
    description: 'Sa propre galerie seulement, paginée par curseur, la plus récente d’abord.',
    access: 'account',
    params: [pathId('userId', appRouter.gallery.list, 'userId', "L'identifiant de l'utilisateur de la session.", 1)],
    query: pageQuery(appRouter.gallery.list),
    answer: {
      kind: 'json',
      schema: procedureOutputObject(appRouter.gallery.list)
        .omit({ version: true })
        .extend({ success: z.literal(true) }),
      description: 'Une page de la galerie.',
    },
    refusals: [403],
    polled: true,
  },
  {
    method: 'DELETE',
    path: '/api/gallery/batch',
    tag: 'Galerie et fil public',
    summary: 'Supprimer plusieurs éléments',
    description: 'Ceux des identifiants qui sont à l’utilisateur ; les autres restent.',
    access: 'account',
    body: bodyOf(appRouter.gallery.deleteMany, { ids: [4, 5] }),
    answer: answerOf(appRouter.gallery.deleteMany, 'Le nombre d’éléments supprimés.'),
  },
  {
    method: 'DELETE',
    path: '/api/gallery/bulk-delete',
    tag: 'Galerie et fil public',
    summary: 'Supprimer plusieurs éléments (studio)',
    access: 'account',
    body: {
      kind: 'json',
      schema: z.object({ imageIds: field(appRouter.gallery.deleteMany, 'ids') }),
      example: { imageIds: [4, 5] },
    },
    answer: {
      kind: 'json',
      schema: procedureOutputObject(appRouter.gallery.deleteMany).extend({ success: z.literal(true), error: z.null() }),
      description: 'Le nombre d’éléments supprimés.',
    },
    refusalSchema: z.object({ success: z.literal(false), error: z.string(), message: z.string() }),
  },
  {
    method: 'POST',
    path: '/api/gallery/{id}/favorite',
    tag: 'Galerie et fil public',
    summary: 'Marquer comme favori',
    description: 'Sans corps, bascule ; `{ "isFavorite": true | false }` fixe l’état. Seulement ses propres éléments.',
    access: 'account',
    params: [pathId('id', appRouter.gallery.favorite, 'id', "Identifiant de l'élément.", 4)],
    body: {
      kind: 'json',
      schema: procedureInput(appRouter.gallery.favorite).pick({ isFavorite: true }),
      example: { isFavorite: true },
      required: false,
    },
    answer: answerOf(appRouter.gallery.favorite, "L'état de favori."),
    refusals: [404],
  },
  {
    method: 'DELETE',
    path: '/api/gallery/{id}',
    tag: 'Galerie et fil public',
    summary: 'Supprimer un élément',
    access: 'account',
    params: [pathId('id', appRouter.gallery.delete, 'id', "Identifiant de l'élément.", 4)],
    answer: answerOf(appRouter.gallery.delete, 'Élément supprimé.'),
    refusals: [404],
  },
  {
    method: 'GET',
    path: '/api/feed/public',
    tag: 'Galerie et fil public',
    summary: 'Fil public',
    description:
      'Les publications, la plus récente d’abord, paginées par curseur ; `isLiked` est celui du visiteur connecté.',
    access: 'viewer',
    query: pageQuery(appRouter.feed.list),
    answer: {
      kind: 'json',
      schema: procedureOutputObject(appRouter.feed.list).omit({ version: true }),
      description: 'Une page du fil.',
    },
    polled: true,
  },
  {
    method: 'POST',
    path: '/api/posts/{postId}/public',
    tag: 'Galerie et fil public',
    summary: 'Publier',
    description:
      'Le résultat seul, sauf `{ "withOriginal": true }` : l’original est alors public lui aussi, avec la vue avant/après.',
    access: 'account',
    params: [pathId('postId', appRouter.feed.publish, 'postId', "Identifiant de l'élément de galerie.", 4)],
    answer: answerOf(appRouter.feed.publish, 'Publié.'),
    refusals: [404],
  },
  {
    method: 'POST',
    path: '/api/posts/{postId}/like',
    tag: 'Galerie et fil public',
    summary: 'Aimer une publication',
    description: 'Sans corps, bascule ; `{ "liked": true | false }` fixe l’état.',
    access: 'account',
    params: [pathId('postId', appRouter.feed.like, 'postId', 'Identifiant de la publication.', 4)],
    body: {
      kind: 'json',
      schema: procedureInput(appRouter.feed.like).pick({ liked: true }),
      example: { liked: true },
      required: false,
    },
    answer: answerOf(appRouter.feed.like, "L'état et le nombre de j'aime."),
    refusals: [404],
  },
  {
    method: 'GET',
    path: '/api/posts/{postId}',
    tag: 'Galerie et fil public',
    summary: 'Une publication',
    description: 'Une image ou une vidéo publiée, pour tout le monde (la page publique `/p/{postId}` la montre).',
    access: 'viewer',
    params: [pathId('postId', appRouter.feed.post, 'postId', 'Identifiant de la publication.', 4)],
    answer: answerOf(appRouter.feed.post, 'La publication.'),
    refusals: [404],
  },
  {
    method: 'DELETE',
    path: '/api/posts/{postId}/public',
    tag: 'Galerie et fil public',
    summary: 'Retirer une publication',
    description: 'La publication quitte le fil et sa page publique ; ses « j’aime » sont gardés.',
    access: 'account',
    params: [pathId('postId', appRouter.feed.unpublish, 'postId', 'Identifiant de la publication.', 4)],
    answer: answerOf(appRouter.feed.unpublish, 'Retirée.'),
    refusals: [404],
  },

  // Vidéos
  {
    method: 'POST',
    path: '/api/videos/create-placeholder',
    tag: 'Vidéos',
    summary: 'Réserver une vidéo',
    access: 'account',
    body: bodyOf(appRouter.videos.createPlaceholder, {
      sourceImagePath: mediaExample,
      prompt: 'Travelling lent',
      placeholderId: 'ph-1',
    }),
    answer: answerOf(appRouter.videos.createPlaceholder, 'La vidéo réservée.'),
    refusals: [404, 409],
  },
  {
    method: 'POST',
    path: '/api/generate-video',
    tag: 'Vidéos',
    summary: 'Générer une vidéo',
    description: '6 secondes en 768p, 50 crédits pris seulement quand la vidéo est faite ; attend 10 minutes au plus.',
    access: 'account',
    body: bodyOf(appRouter.videos.generate, { imageUrl: mediaExample, prompt: 'Travelling lent' }),
    answer: answerOf(appRouter.videos.generate, 'La vidéo faite.'),
    refusals: [404],
    generation: true,
  },
  {
    method: 'POST',
    path: '/api/videos/update-placeholder',
    tag: 'Vidéos',
    summary: 'Compléter une vidéo réservée',
    access: 'account',
    body: bodyOf(appRouter.videos.updatePlaceholder, {
      videoUrl: '/api/media/videos/2026/11/0f8e2d3a-5b6c-4d7e-8f90-1a2b3c4d5e6f.mp4',
      sourceImagePath: mediaExample,
    }),
    answer: answerOf(appRouter.videos.updatePlaceholder, 'La vidéo.'),
    refusals: [404],
  },
  {
    method: 'GET',
    path: '/api/videos/all/{userId}',
    tag: 'Vidéos',
    summary: 'Vidéos de l’utilisateur',
    access: 'account',
    params: [pathId('userId', appRouter.videos.list, 'userId', "L'identifiant de l'utilisateur de la session.", 1)],
    query: [
      {
        name: 'limit',
        schema: field(appRouter.videos.list, 'limit'),
        description: 'Taille de la page (50 par défaut, 100 au plus).',
        example: 20,
        required: false,
      },
      {
        name: 'offset',
        schema: field(appRouter.videos.list, 'offset'),
        description: 'Vidéos à sauter.',
        example: 0,
        required: false,
      },
    ],
    answer: {
      kind: 'json',
      schema: procedureOutputObject(appRouter.videos.list).omit({ version: true }),
      description: 'Les vidéos, la plus récente d’abord.',
    },
    refusals: [403],
    polled: true,
  },
  {
    method: 'GET',
    path: '/api/videos/download/{id}',
    tag: 'Vidéos',
    summary: 'Télécharger une vidéo',
    access: 'account',
    params: [videoId],
    answer: { kind: 'file', mediaTypes: ['video/mp4'], description: 'Le fichier MP4, en pièce jointe.' },
    refusals: [404],
    ranges: true,
  },
  {
    method: 'DELETE',
    path: '/api/videos/{id}',
    tag: 'Vidéos',
    summary: 'Supprimer une vidéo',
    description: 'Une vidéo en cours de fabrication est annulée : elle ne coûte rien.',
    access: 'account',
    params: [videoId],
    answer: answerOf(appRouter.videos.delete, 'Vidéo supprimée.'),
    refusals: [404],
  },
  {
    method: 'POST',
    path: '/api/videos/{id}/public',
    tag: 'Vidéos',
    summary: 'Publier une vidéo',
    description: 'La vidéo terminée rejoint le fil public et reçoit sa page publique.',
    access: 'account',
    params: [videoId],
    answer: answerOf(appRouter.videos.publish, 'Publiée ; `postId` est sa publication.'),
    refusals: [404, 409],
  },

  // Générations
  {
    method: 'GET',
    path: '/api/jobs/{id}',
    tag: 'Générations',
    summary: 'État d’une génération',
    description: 'Statut, progression et étape, place dans la file, résultat ou erreur, graine.',
    access: 'account',
    params: [jobId],
    answer: answerOf(appRouter.jobs.get, 'La génération.'),
    refusals: [404],
  },
  {
    method: 'GET',
    path: '/api/jobs/{id}/events',
    tag: 'Générations',
    summary: 'Suivre une génération',
    description: 'Server-sent events : un événement `job` par changement, jusqu’à la fin de la génération.',
    access: 'account',
    params: [jobId],
    answer: { kind: 'events', description: 'Chaque `data` est un `JobSnapshot` en JSON.' },
    refusals: [404],
  },
  {
    method: 'POST',
    path: '/api/jobs/{id}/cancel',
    tag: 'Générations',
    summary: 'Annuler une génération',
    description: 'Rend les 50 crédits ; 409 une fois la génération terminée.',
    access: 'account',
    params: [jobId],
    answer: answerOf(appRouter.jobs.cancel, 'La génération annulée.'),
    refusals: [404, 409],
  },

  // Service
  {
    method: 'GET',
    path: '/api/health',
    tag: 'Service',
    summary: 'Santé du service',
    description: 'Le processus répond (vivacité seulement ; `/api/ready` dit s’il peut servir).',
    access: 'public',
    answer: { kind: 'json', schema: z.object({ status: z.literal('ok') }), description: 'Le processus répond.' },
  },
  {
    method: 'GET',
    path: '/api/ready',
    tag: 'Service',
    summary: 'Prêt à servir',
    description:
      'Pour les répartiteurs de charge : la base de données, le stockage et Redis (quand il est configuré) répondent, chacun dans un court délai ; 503 avec `Retry-After` sinon.',
    access: 'public',
    answer: {
      kind: 'json',
      schema: z.object({ status: z.literal('ready'), checks: z.record(z.string(), z.literal('ok')) }),
      description: 'Chaque dépendance répond.',
    },
    refusals: [503],
  },

  {
    method: 'GET',
    path: '/api/openapi.json',
    tag: 'Service',
    summary: 'Ce document',
    description: 'La description OpenAPI 3.1 de l’API.',
    access: 'public',
    answer: { kind: 'json', schema: z.looseObject({ openapi: z.string() }), description: 'Le document OpenAPI.' },
  },
  {
    method: 'GET',
    path: '/api/docs',
    tag: 'Service',
    summary: 'Référence de l’API',
    description: 'Ce document, lisible dans un navigateur.',
    access: 'public',
    answer: { kind: 'html', description: 'La page de référence.' },
  },
];
