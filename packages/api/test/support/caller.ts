import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { STORAGE_QUOTAS } from '@atelier/catalog';
import { openTestDatabase, type TestDatabase, type TestDatabaseTarget } from '@atelier/db/testing';
import { DiskRenderStore, LocalDiskStorage, LocalImageEngine, LocalVideoEngine, RenderCache } from '@atelier/media';
import type { inferProcedureInput } from '@trpc/server';
import { createContextInner } from '../../src/context';
import type { ApiDeps } from '../../src/deps';
import { jobKinds } from '../../src/jobs/kinds';
import { InProcessQueue } from '../../src/jobs/queue';
import { JobService } from '../../src/jobs/service';
import { createCaller, type AppRouter } from '../../src/routers';
import { LiveSessions, LocalSessionEndings } from '../../src/security/live-sessions';
import type { SessionData, SessionStore } from '../../src/security/session-cookie';
import { SignInThrottle } from '../../src/security/throttle';
import { ListVersions } from '../../src/shared/list-versions';

/** What `auth.register` takes, typed from the router itself. */
type Registration = inferProcedureInput<AppRouter['auth']['register']>;

/** The API's procedures as one browser calls them: its own session cookie, kept between calls. */
export type Caller = ReturnType<typeof createCaller>;

export interface Member {
  caller: Caller;
  userId: number;
}

/** Cheap password hashing: the same scheme, a lower cost. */
const TEST_HASH_PARAMS = { N: 1024, r: 8, p: 1 };
/** Never refuses: the limits have tests of their own, over HTTP where the server builds them. */
const unlimited = { hit: async () => {} };

/**
 * The API on a fresh database of its own, the real local engines on a throwaway folder, its jobs
 * in the process: the procedures' rules without HTTP in between.
 */
export async function openApi(target: TestDatabaseTarget) {
  const db: TestDatabase = await openTestDatabase(target);
  const folder = mkdtempSync(join(tmpdir(), 'atelier-api-'));
  const media = {
    storage: new LocalDiskStorage(join(folder, 'media')),
    renders: new RenderCache(new DiskRenderStore(join(folder, 'renders'))),
    images: new LocalImageEngine(),
    videos: new LocalVideoEngine(),
  };
  const jobs = new JobService({
    orm: db.orm,
    media,
    kinds: jobKinds,
    queue: new InProcessQueue({ concurrency: 2, perUser: 2 }),
  });
  await jobs.start();
  const deps: ApiDeps = {
    orm: db.orm,
    config: {
      launchOffer: { accounts: 1_000_000, credits: 500 },
      discoveryOfferCredits: 0,
      passwordHash: TEST_HASH_PARAMS,
      quotas: STORAGE_QUOTAS,
      operator: { name: null, address: null, email: null, hostingProvider: null },
      adminEmails: [],
    },
    signIn: new SignInThrottle({ signUpsPerMinute: 1_000_000 }),
    limits: {
      imageWork: unlimited,
      payments: unlimited,
      accountUpdates: unlimited,
      passwordResets: unlimited,
      accountExports: unlimited,
      reports: unlimited,
      previews: unlimited,
    },
    mail: { mailer: null, appUrl: 'http://localhost:3000' },
    payments: { stripe: null, publishableKey: null, webhookSecret: null },
    media,
    listVersions: new ListVersions(),
    jobs,
    liveSessions: new LiveSessions(db.orm, new LocalSessionEndings()),
  };
  let members = 0;

  /** A browser: a cookie of its own that sign-in writes and sign-out clears. */
  function visitor(): Caller {
    let cookie: SessionData | null = null;
    const session: SessionStore = {
      read: () => cookie,
      write: async (data) => {
        cookie = data;
      },
      clear: () => {
        cookie = null;
      },
    };
    return createCaller(() => createContextInner(deps, { ip: '127.0.0.1', session }));
  }

  /** A new member, signed in, with the launch offer's 500 credits. */
  async function member(overrides: Partial<Registration> = {}): Promise<Member> {
    members += 1;
    const caller = visitor();
    const { user } = await caller.auth.register({
      email: `membre-${members}@example.fr`,
      password: 'motdepasse',
      firstName: 'Camille',
      lastName: 'Martin',
      ...overrides,
    });
    return { caller, userId: user.id };
  }

  return {
    deps,
    visitor,
    member,
    async close() {
      await jobs.close();
      await db.close();
      rmSync(folder, { recursive: true, force: true });
    },
  };
}
