import type { StorageQuota } from '@atelier/catalog';
import { LockMode, User, type EntityManager } from '@atelier/db';
import type { ServiceDeps } from '../deps';
import type { ApiConfig } from '../settings';
import { AppError } from './errors';

/** "2 Go", "50 Mo": sizes as French users read them. */
function frenchSize(bytes: number): string {
  const [unit, size] =
    bytes >= 1024 ** 3
      ? ['Go', bytes / 1024 ** 3]
      : bytes >= 1024 ** 2
        ? ['Mo', bytes / 1024 ** 2]
        : ['ko', bytes / 1024];
  return `${new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 1 }).format(size)} ${unit}`;
}

export const quotaMessages = {
  uploads: (quota: StorageQuota) =>
    `Espace de stockage de votre compte plein : ${quota.count} images ou ${frenchSize(quota.bytes)} au plus. Supprimez des images de votre galerie pour en ajouter.`,
  workflows: (quota: StorageQuota) =>
    `Vous avez atteint la limite de ${quota.count} workflows ou ${frenchSize(quota.bytes)} enregistrés. Supprimez-en un pour en enregistrer un nouveau.`,
} as const;

interface Usage {
  count: number | string | null;
  bytes: number | string | null;
}

async function usage(em: EntityManager, sql: string, params: unknown[]): Promise<{ count: number; bytes: number }> {
  const [row] = (await em.getConnection().execute(sql, params, 'all', em.getTransactionContext())) as Usage[];
  // MySQL returns SUM as a decimal string, and SUM over no rows as null.
  return { count: Number(row?.count ?? 0), bytes: Number(row?.bytes ?? 0) };
}

/** What a quota check reads: the account's rows and the quotas the server was given. */
export type QuotaDeps = Pick<ServiceDeps, 'em'> & { config: Pick<ApiConfig, 'quotas'> };

function quotaExceeded(message: string): AppError {
  return new AppError('CONFLICT', message, { clientCode: 'quota_exceeded' });
}

/**
 * Runs `ensureRoom` then `record` in one transaction holding the owner's row, so simultaneous
 * requests of one account take turns: none counts room that another is about to fill.
 */
export async function recordWithinQuota<T>(
  { em }: Pick<ServiceDeps, 'em'>,
  {
    ownerId,
    ensureRoom,
    record,
  }: {
    ownerId: number;
    ensureRoom: (tx: EntityManager) => Promise<void>;
    record: (tx: EntityManager) => Promise<T>;
  },
): Promise<T> {
  return em.transactional(async (tx) => {
    await tx.findOneOrFail(User, ownerId, { lockMode: LockMode.PESSIMISTIC_WRITE, fields: ['id'] });
    await ensureRoom(tx);
    return record(tx);
  });
}

/**
 * Refuses a picture of `bytes` that would take the account past its quota: asked before the
 * picture is stored, to spare the work, and again where it is recorded (see recordWithinQuota).
 */
export async function ensureUploadRoom(
  { em, config }: QuotaDeps,
  { ownerId, bytes }: { ownerId: number; bytes: number },
): Promise<void> {
  const quota = config.quotas.uploads;
  const used = await usage(em, 'select count(*) as count, sum(size) as bytes from uploads where owner_id = ?', [
    ownerId,
  ]);
  if (used.count + 1 > quota.count || used.bytes + bytes > quota.bytes)
    throw quotaExceeded(quotaMessages.uploads(quota));
}

/**
 * Refuses a workflow document of `bytes` that would take the account past its quota: a new one
 * counts one more; a replaced one (`replacing`) gives its own room back.
 */
export async function ensureWorkflowRoom(
  { em, config }: QuotaDeps,
  { ownerId, bytes, replacing }: { ownerId: number; bytes: number; replacing?: number | undefined },
): Promise<void> {
  const quota = config.quotas.workflows;
  const others = replacing === undefined ? '' : ' and id <> ?';
  const params = replacing === undefined ? [ownerId] : [ownerId, replacing];
  const used = await usage(
    em,
    `select count(*) as count, sum(length(graph)) as bytes from workflows where owner_id = ?${others}`,
    params,
  );
  if (used.count + 1 > quota.count || used.bytes + bytes > quota.bytes)
    throw quotaExceeded(quotaMessages.workflows(quota));
}
