import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { STORAGE_QUOTAS } from '@atelier/catalog';
import { openTestDatabase, type TestDatabase, type TestDatabaseTarget } from '@atelier/db/testing';
import {
  DiskRenderStore,
  LocalDiskStorage,
  LocalImageEngine,
  LocalVideoEngine,
  RenderCache,
  type ImageTransformRequest,
  type TransformedImage,
} from '@atelier/media';
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

/** Pictures held at the engine's door: `arrived` once so many wait there, `release` lets them all through. */
interface HeldPictures {
  arrived(count: number): Promise<void>;
  release(): void;
}

/**
 * The real local engine, whose pictures a test may hold: those asked meanwhile wait before being
 * rendered, their jobs running, until the test lets them go. Nothing waits unless a test holds.
 */
class HeldImageEngine extends LocalImageEngine {
  private door: Promise<void> | null = null;
  private open = () => {};
  private waiting = 0;
  private onArrival = () => {};

  /** Holds every picture asked from now until `release`. */
  hold(): HeldPictures {
    this.release();
    this.door = new Promise<void>((resolve) => {
      this.open = resolve;
    });
    return {
      arrived: (count) =>
        new Promise<void>((resolve) => {
          const check = () => {
            if (this.waiting >= count) resolve();
          };
          this.onArrival = check;
          check();
        }),
      release: () => this.release(),
    };
  }

  /** Lets every held picture through, and holds no more. */
  release(): void {
    this.open();
    this.door = null;
    this.waiting = 0;
    this.onArrival = () => {};
  }

  override async transform(request: ImageTransformRequest): Promise<TransformedImage> {
    if (this.door) {
      const door = this.door;
      this.waiting += 1;
      this.onArrival();
      await door;
    }
    return super.transform(request);
  }
}

/**
 * The API on a fresh database of its own, the real local engines on a throwaway folder, its jobs
 * in the process: the procedures' rules without HTTP in between.
 */
export async function openApi(target: TestDatabaseTarget) {
  const db: TestDatabase = await openTestDatabase(target);
  const folder = mkdtempSync(join(tmpdir(), 'atelier-api-'));
  const images = new HeldImageEngine();
  const media = {
    storage: new LocalDiskStorage(join(folder, 'media')),
    renders: new RenderCache(new DiskRenderStore(join(folder, 'renders'))),
    images,
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
    /** Holds the pictures asked from now on (see HeldImageEngine). */
    holdPictures: () => images.hold(),
    /** Lets every held picture through: after each test that holds, passed or not. */
    releasePictures: () => images.release(),
    async close() {
      images.release();
      await jobs.close();
      await db.close();
      rmSync(folder, { recursive: true, force: true });
    },
  };
}
