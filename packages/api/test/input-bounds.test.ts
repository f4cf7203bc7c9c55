import { ApiToken, entities, GalleryItem, Payment, User, Video, Workflow } from '@atelier/db';
import type { AnyProcedure } from '@trpc/server';
import { describe, expect, it } from 'vitest';
import { appRouter } from '../src/routers';

const procedures = appRouter._def.procedures as unknown as Record<string, AnyProcedure>;

/** Every input field the services store as it came in a fixed-length column, with that column. */
const storedAsSent = [
  ['auth.register', 'email', User, 'email'],
  ['auth.register', 'firstName', User, 'firstName'],
  ['auth.register', 'lastName', User, 'lastName'],
  ['account.update', 'username', User, 'username'],
  ['media.setLastUsedImage', 'imagePath', User, 'lastUsedImage'],
  ['apiTokens.create', 'name', ApiToken, 'name'],
  ['payments.confirm', 'paymentIntentId', Payment, 'intentId'],
  ['videos.createPlaceholder', 'sourceImagePath', Video, 'sourceImage'],
  ['videos.createPlaceholder', 'placeholderId', Video, 'placeholderId'],
  ['videos.generate', 'imageUrl', Video, 'sourceImage'],
  ['gallery.save', 'transformedImagePath', GalleryItem, 'transformedImagePath'],
  ['gallery.save', 'originalImagePath', GalleryItem, 'originalImagePath'],
  ['gallery.save', 'transformationType', GalleryItem, 'transformationType'],
  ['gallery.save', 'transformationOption', GalleryItem, 'transformationOption'],
  ['gallery.save', 'sessionKey', GalleryItem, 'sessionKey'],
  ['workflow.save', 'name', Workflow, 'name'],
  ['workflow.rename', 'name', Workflow, 'name'],
] as const;

/**
 * The other fixed-length text columns: what fills them is the server's own (hashes, keys, states,
 * Stripe's and Replicate's ids, the catalogue's names) or is cut to the column before it is stored.
 */
const notFromInput = new Set([
  'User.passwordHash',
  'User.subscriptionType',
  'User.stripeCustomerId',
  'User.termsVersion',
  'CreditEntry.type',
  'CreditEntry.status',
  // An administrator's reason goes in after a short prefix: 200 characters at most (admin.adjustCredits).
  'CreditEntry.description',
  'CreditEntry.reason',
  'CreditEntry.externalRef',
  'Upload.storageKey',
  'Upload.mime',
  'Transformation.kind',
  'Transformation.status',
  'Transformation.resultKey',
  'Transformation.resultFile',
  'Transformation.engine',
  'GalleryItem.mediaType',
  'GalleryItem.videoUrl',
  'GalleryItem.thumbnailPath',
  'GalleryItem.engine',
  'GalleryItem.hiddenBy',
  'Video.videoUrl',
  'Video.thumbnailPath',
  'Video.resolution',
  'Video.status',
  'Video.source',
  'Payment.currency',
  'Payment.status',
  'Subscription.stripeId',
  'Subscription.plan',
  'Subscription.renewalPlan',
  'Subscription.status',
  'SubscriptionInvoice.stripeId',
  'SubscriptionInvoice.subscriptionStripeId',
  'SubscriptionInvoice.currency',
  'SubscriptionInvoice.hostedUrl',
  'GenerationJob.kind',
  'GenerationJob.status',
  'GenerationJob.stage',
  'GenerationJob.errorCode',
  'GenerationJob.engine',
  'GenerationJob.externalId',
  'Session.keyHash',
  // The browser's User-Agent header, cut to the column in startSession.
  'Session.userAgent',
  'ApiToken.tokenHash',
  'ApiToken.prefix',
  'ApiToken.scope',
  'PasswordResetToken.tokenHash',
  // A hash of the address or the account's id; the reason and the state from their lists.
  'PostReport.reporterKey',
  'PostReport.reason',
  'PostReport.status',
  // The administrator's own e-mail, as the account has it; the action and its target's kind are the server's.
  'AuditEntry.actorEmail',
  'AuditEntry.action',
  'AuditEntry.targetType',
]);

/** A text column's type, as the entity definitions give it: a name, or MikroORM's type class. */
const isText = (type: unknown) => type === 'string' || (typeof type === 'function' && type.name === 'StringType');

describe('input bounds', () => {
  it('knows where every fixed-length text column of the database gets its text', () => {
    const columns = entities.flatMap((entity) =>
      Object.entries(entity.meta.properties as Record<string, { length?: number; type?: unknown }>)
        .filter(([, property]) => property.length && isText(property.type))
        .map(([name]) => `${entity.meta.className}.${name}`),
    );
    const checked = new Set(storedAsSent.map(([, , entity, property]) => `${entity.meta.className}.${property}`));
    // A new column must join one list or the other: checked against its input, or said not to come from one.
    expect(columns.filter((column) => !checked.has(column) && !notFromInput.has(column))).toEqual([]);
    expect([...notFromInput].filter((column) => !columns.includes(column))).toEqual([]);
  });

  it.each(storedAsSent)(
    '%s refuses %s longer than its column, and accepts it as long',
    (path, field, entity, property) => {
      const column = (entity.meta.properties as Record<string, { length?: number }>)[property]?.length;
      expect(column, `${entity.meta.className}.${property}`).toBeGreaterThan(0);
      const procedure = procedures[path];
      expect(procedure, path).toBeDefined();
      const input = procedure!._def.inputs[0] as unknown as {
        shape: Record<string, { safeParse(value: unknown): { success: boolean; error?: unknown } }>;
      };
      const schema = input.shape[field]!;
      // An address, so that the fields that expect one take it; only its length is at stake.
      const ofLength = (length: number) => '/api/media/uploads/' + 'a'.repeat(length - '/api/media/uploads/'.length);
      expect(schema.safeParse(ofLength(column! + 1)).success, `${path}.${field}: ${column! + 1} characters`).toBe(
        false,
      );
      // The bound is the column's, not a shorter one, where the field takes free text of any length.
      const free = schema.safeParse(ofLength(column!));
      if (!free.success) expect(JSON.stringify(free.error)).not.toMatch(/too_big/);
    },
  );
});
