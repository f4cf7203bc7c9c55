import { randomUUID } from 'node:crypto';
import { CreditEntry, GalleryItem, GenerationJob, Suspension, User } from '@atelier/db';
import type { ServiceDeps } from '../deps';
import { ledger } from '../credits/ledger';
import { hidePosts, showPosts } from '../moderation/visibility';
import { revokeTokens } from '../security/tokens';
import { endSessions } from '../security/sessions';
import { AppError } from '../shared/errors';
import { toPublicUser } from '../shared/user';
import { isAdministrator } from './access';
import { recordAudit, type Actor } from './audit';

/** The ledger kind of an administrator's grant or withdrawal, apart from purchases, offers and generations. */
export const ADMIN_ADJUSTMENT_REASON = 'admin_adjustment';

export const memberMessages = {
  notFound: 'Membre introuvable.',
  overdrawn: (balance: number) =>
    `Le solde ne peut pas devenir négatif : ce membre n'a que ${balance.toLocaleString('fr-FR')} crédits.`,
  adjustment: (amount: number, reason: string) =>
    `${amount > 0 ? 'Crédits offerts' : 'Crédits retirés'} par l'équipe Atelier : ${reason}`,
  administrator: 'Un administrateur ne peut pas être suspendu : retirez-le d’abord de ADMIN_EMAILS.',
  alreadySuspended: 'Ce compte est déjà suspendu.',
  notSuspended: "Ce compte n'est pas suspendu.",
  signInRefused: (statement: string) =>
    `Ce compte est suspendu. Motif : ${statement} Pour contester cette décision, écrivez à l'équipe d'Atelier.`,
} as const;

/** How many members a search lists, the newest first. */
const SEARCH_LIMIT = 50;

/**
 * Members whose e-mail, name or username contains `q` (the newest when it is empty). A `%` or `_`
 * in it matches more, never less: harmless in an administrator's search.
 */
export async function searchMembers({ em }: Pick<ServiceDeps, 'em'>, q: string) {
  const like = { $like: `%${q}%` };
  const users = await em.find(
    User,
    q
      ? {
          $or: [
            { email: { $like: `%${q.toLowerCase()}%` } },
            { firstName: like },
            { lastName: like },
            { username: like },
          ],
        }
      : {},
    { orderBy: { createdAt: 'desc', id: 'desc' }, limit: SEARCH_LIMIT },
  );
  const suspended = new Set(
    (await em.find(Suspension, { user: { $in: users.map((user) => user.id) } }, { fields: ['user'] })).map(
      (suspension) => suspension.user.id,
    ),
  );
  return users.map((user) => ({ ...toPublicUser(user), suspended: suspended.has(user.id) }));
}

/** How many of each a member's page shows, the newest first. */
const DETAIL_ROWS = 50;

/** One member for the console: the account, its suspension, its latest ledger entries, jobs and posts. */
export async function memberDetail({ em }: Pick<ServiceDeps, 'em'>, userId: number) {
  const user = await em.findOne(User, userId);
  if (!user) throw new AppError('NOT_FOUND', memberMessages.notFound);
  const newest = { orderBy: { createdAt: 'desc', id: 'desc' }, limit: DETAIL_ROWS } as const;
  const [suspension, entries, jobs, posts] = await Promise.all([
    em.findOne(Suspension, { user: userId }),
    em.find(CreditEntry, { user: userId }, newest),
    em.find(
      GenerationJob,
      { owner: userId },
      { ...newest, fields: ['kind', 'status', 'engine', 'errorCode', 'error', 'createdAt'] },
    ),
    em.find(GalleryItem, { owner: userId, $or: [{ isPublic: true }, { hiddenBy: { $ne: null } }] }, newest),
  ]);
  return {
    ...toPublicUser(user),
    suspension: suspension ? { statement: suspension.statement, createdAt: suspension.createdAt } : null,
    ledger: entries.map((entry) => ({
      id: entry.id,
      type: entry.type,
      status: entry.status,
      amount: entry.amount,
      balanceAfter: entry.balanceAfter,
      description: entry.description,
      reason: entry.reason,
      createdAt: entry.createdAt,
    })),
    jobs: jobs.map((job) => ({
      id: job.id,
      kind: job.kind,
      status: job.status,
      engine: job.engine,
      errorCode: job.errorCode ?? null,
      error: job.error ?? null,
      createdAt: job.createdAt,
    })),
    posts: posts.map((post) => ({
      id: post.id,
      transformedImagePath: post.transformedImagePath,
      isPublic: post.isPublic,
      hiddenBy: post.hiddenBy ?? null,
      likesCount: post.likesCount,
      publishedAt: post.publishedAt ?? null,
    })),
  };
}

async function findMember(em: ServiceDeps['em'], userId: number): Promise<User> {
  const user = await em.findOne(User, userId);
  if (!user) throw new AppError('NOT_FOUND', memberMessages.notFound);
  return user;
}

/**
 * Gives (amount > 0) or takes back (amount < 0) credits as a ledger entry of its own kind, whose
 * description the member reads in their history; never below zero. Written to the audit log in
 * the same transaction.
 */
export async function adjustCredits(
  { em }: Pick<ServiceDeps, 'em'>,
  actor: Actor,
  input: { userId: number; amount: number; reason: string },
): Promise<{ balance: number }> {
  const member = await findMember(em, input.userId);
  const entry = {
    userId: input.userId,
    amount: Math.abs(input.amount),
    description: memberMessages.adjustment(input.amount, input.reason),
    reason: ADMIN_ADJUSTMENT_REASON,
    externalRef: `admin:${randomUUID()}`,
  };
  return em.transactional(async (tx) => {
    const { balance } =
      input.amount > 0
        ? await ledger.grant(tx, entry)
        : await ledger.withdraw(tx, entry, () => new AppError('CONFLICT', memberMessages.overdrawn(member.credits)));
    await recordAudit(tx, actor, {
      action: 'credits.adjust',
      target: { type: 'user', id: input.userId },
      reason: input.reason,
      details: { amount: input.amount, balanceAfter: balance, externalRef: entry.externalRef },
    });
    return { balance };
  });
}

/**
 * Suspends an account: its sessions and API tokens end, its public posts are hidden, and signing
 * in is refused with the statement of reasons, until an administrator lifts it.
 */
export async function suspendMember(
  deps: Pick<ServiceDeps, 'em' | 'listVersions' | 'liveSessions' | 'config'>,
  actor: Actor,
  input: { userId: number; statement: string },
): Promise<void> {
  const user = await findMember(deps.em, input.userId);
  if (isAdministrator(deps.config, user.email)) throw new AppError('CONFLICT', memberMessages.administrator);
  if (await deps.em.count(Suspension, { user: user.id }))
    throw new AppError('CONFLICT', memberMessages.alreadySuspended);
  await deps.em.transactional(async (tx) => {
    await tx.insert(Suspension, { user: user.id, statement: input.statement, createdAt: new Date() });
    await endSessions(tx, null, user.id);
    await revokeTokens(tx, user.id);
    await hidePosts(
      { ...deps, em: tx },
      { owner: user.id, isPublic: true },
      { by: 'suspension', statement: input.statement },
    );
    await recordAudit(tx, actor, {
      action: 'user.suspend',
      target: { type: 'user', id: user.id },
      reason: input.statement,
    });
  });
  // Once committed: no instance may go on trusting a session it remembered.
  await deps.liveSessions.ended();
}

/** Lifts a suspension: signing in works again and the posts it hid are public again. */
export async function unsuspendMember(
  deps: Pick<ServiceDeps, 'em' | 'listVersions'>,
  actor: Actor,
  input: { userId: number; reason: string },
): Promise<void> {
  await deps.em.transactional(async (tx) => {
    if ((await tx.nativeDelete(Suspension, { user: input.userId })) === 0)
      throw new AppError('CONFLICT', memberMessages.notSuspended);
    await showPosts({ ...deps, em: tx }, { owner: input.userId }, 'suspension');
    await recordAudit(tx, actor, {
      action: 'user.unsuspend',
      target: { type: 'user', id: input.userId },
      reason: input.reason,
    });
  });
}

/** Refuses a suspended account's sign-in, with the statement of reasons (after its password was checked). */
export async function refuseSuspendedSignIn({ em }: Pick<ServiceDeps, 'em'>, userId: number): Promise<void> {
  const suspension = await em.findOne(Suspension, { user: userId }, { fields: ['statement'] });
  if (suspension) throw new AppError('FORBIDDEN', memberMessages.signInRefused(suspension.statement));
}
