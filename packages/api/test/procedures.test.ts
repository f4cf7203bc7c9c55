import { readFile } from 'node:fs/promises';
import { testDatabaseTargets } from '@atelier/db/testing';
import type { inferProcedureInput } from '@trpc/server';
import { CreditEntry, GenerationJob, Upload as UploadRow, User } from '@atelier/db';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { IMAGE_COST, ledger } from '../src/credits/ledger';
import { storageKeyOf } from '../src/media/urls';
import { sourceMessages } from '../src/media/source-image';
import { galleryMessages } from '../src/gallery/messages';
import { FINISHED_STATUSES, type JobSnapshot } from '../src/jobs/events';
import { jobMessages } from '../src/jobs/lifecycle';
import type { JobPendingError } from '../src/jobs/service';
import type { AppRouter } from '../src/routers';
import { openApi, type Member } from './support/caller';

type Upload = inferProcedureInput<AppRouter['transform']['upload']>;
type Saved = inferProcedureInput<AppRouter['gallery']['save']>;
type Run = inferProcedureInput<AppRouter['transform']['run']>;
type JobId = inferProcedureInput<AppRouter['jobs']['get']>;
type RunImage = inferProcedureInput<AppRouter['transform']['runImage']>;

const astronaut = readFile(new URL('../../../../shared/photos/astronaut.jpg', import.meta.url));

/** What a procedure refused with: its code (the AppError's) and its French message. */
const refusal = (code: string, message?: string | RegExp) =>
  expect.objectContaining({
    cause: expect.objectContaining({ appCode: code }),
    ...(message && { message: typeof message === 'string' ? message : expect.stringMatching(message) }),
  });

// The rules a browser adds nothing to, at the procedures both transports call: the browser suite
// keeps one happy path of each.
describe.each(testDatabaseTargets())('the procedures’ rules on $name', (target) => {
  let api: Awaited<ReturnType<typeof openApi>>;

  beforeAll(async () => {
    api = await openApi(target);
  });
  afterAll(async () => {
    await api?.close();
  });

  const balance = async ({ caller }: Member) => (await caller.auth.me())?.credits;

  /** The astronaut uploaded to be made a watercolour. */
  const watercolour = async (): Promise<Upload> => ({
    image: new Uint8Array(await astronaut),
    selection: { style: { id: 'watercolor' } },
  });

  /** A watercolour of the astronaut, made and paid for through the studio's procedures. */
  async function transformed({ caller }: Member) {
    const { id } = await caller.transform.upload(await watercolour());
    return caller.transform.run({ uploadId: id });
  }

  async function saved(member: Member, option = 'Aquarelle') {
    const result = await transformed(member);
    const item: Saved = {
      transformedImagePath: result.transformedImagePath,
      originalImagePath: result.originalImagePath,
      transformationType: 'style',
      transformationOption: option,
    };
    return (await member.caller.gallery.save(item)).item;
  }

  describe('credits', () => {
    it('a transformation costs 50 credits once, taken when it succeeds, and the history says so', async () => {
      const member = await api.member();
      expect(await balance(member)).toBe(500);
      const result = await transformed(member);
      expect(result.credits).toBe(500 - IMAGE_COST);
      expect(await balance(member)).toBe(450);
      const { entries, total } = await member.caller.credits.history();
      expect(total).toBe(2);
      expect(entries.map((entry) => [entry.type, entry.amount, entry.balanceAfter])).toEqual([
        ['debit', 50, 450],
        ['credit', 500, 500],
      ]);
    });

    it('a transformation past the balance is refused before any work, and takes nothing', async () => {
      const member = await api.member();
      const { id } = await member.caller.transform.upload(await watercolour());
      // 460 spent elsewhere: 40 left, short of one image.
      await ledger.reserve(api.deps.orm.em.fork(), {
        userId: member.userId,
        cost: 460,
        externalRef: `spent:${member.userId}`,
        description: 'Dépense',
        reason: 'transformation',
      });
      await expect(member.caller.transform.run({ uploadId: id })).rejects.toEqual(
        refusal('INSUFFICIENT_CREDITS', /50 crédits/),
      );
      expect(await balance(member)).toBe(40);
      expect((await member.caller.gallery.list({ userId: member.userId })).gallery).toEqual([]);
    });

    it('the history comes ten entries a page, newest first', async () => {
      const member = await api.member();
      for (let grant = 1; grant <= 11; grant++)
        await ledger.grant(api.deps.orm.em.fork(), {
          userId: member.userId,
          amount: grant,
          description: `Geste ${grant}`,
          reason: 'purchase',
          externalRef: `geste:${member.userId}:${grant}`,
        });
      const first = await member.caller.credits.history();
      const second = await member.caller.credits.history({ limit: 10, offset: 10 });
      expect(first.total).toBe(12);
      expect(first.entries.map((entry) => entry.amount)).toEqual([11, 10, 9, 8, 7, 6, 5, 4, 3, 2]);
      expect(second.entries.map((entry) => entry.amount)).toEqual([1, 500]);
    });
  });

  describe('RUN on a stored picture', () => {
    const em = () => api.deps.orm.em.fork();
    const uploadsOf = (userId: number) => em().count(UploadRow, { owner: userId });
    const pop: RunImage['selection'] = { style: { id: 'pop-art' } };

    it('names the picture: no new upload, the stored bytes as the source, the balance and last picture in the answer', async () => {
      const member = await api.member();
      const { imagePath } = await member.caller.transform.upload({ image: new Uint8Array(await astronaut) });
      const first = await member.caller.transform.runImage({
        image: imagePath,
        selection: { style: { id: 'watercolor' } },
        colors: { global: 'red' },
      });
      expect(first.originalImagePath).toBe(imagePath);
      expect(await uploadsOf(member.userId)).toBe(1);

      // A chained edit: the first result itself, not a copy of it, is the second's source.
      const resultKey = storageKeyOf(first.transformedImagePath)!;
      const stored = await api.deps.media.storage.get(resultKey);
      const second = await member.caller.transform.runImage({
        image: first.transformedImagePath,
        selection: pop,
        sessionKey: 'visite-1',
      });
      expect(await uploadsOf(member.userId)).toBe(1);
      expect(second.originalImagePath).toBe(first.transformedImagePath);
      const job = await em().findOneOrFail(GenerationJob, second.jobId);
      expect(job.input).toMatchObject({
        sourceKey: resultKey,
        selection: { style: { id: 'pop-art', name: 'Pop art' } },
      });
      expect((await api.deps.media.storage.get(resultKey)).equals(stored)).toBe(true);

      // The answer's balance is the balance after both payments; the studio reopens on its visit's result.
      expect(second.credits).toBe(500 - 2 * IMAGE_COST);
      expect(await balance(member)).toBe(second.credits);
      expect((await member.caller.media.defaults()).lastUsedImage).toBe(second.transformedImagePath);
      // The library still knows the photo the chain started from.
      const [latest] = await member.caller.transform.recent();
      expect(latest).toMatchObject({ transformedImagePath: second.transformedImagePath, originalImagePath: imagePath });
    });

    it("refuses another member's pictures in French, before any hold or job", async () => {
      const owner = await api.member();
      const result = await transformed(owner);
      const other = await api.member();
      for (const image of [result.originalImagePath, result.transformedImagePath]) {
        await expect(other.caller.transform.runImage({ image, selection: pop })).rejects.toEqual(
          refusal('NOT_FOUND', sourceMessages.notFound),
        );
      }
      expect(await balance(other)).toBe(500);
      expect(await em().count(GenerationJob, { owner: other.userId })).toBe(0);
      expect(await em().count(CreditEntry, { user: other.userId, type: 'debit' })).toBe(0);
      expect((await em().findOneOrFail(User, other.userId)).lastUsedImage).toBeNull();
    });

    it('refuses a picture with no option chosen, and an address that is no stored picture', async () => {
      const member = await api.member();
      const { imagePath } = await member.caller.transform.upload({ image: new Uint8Array(await astronaut) });
      await expect(member.caller.transform.runImage({ image: imagePath })).rejects.toEqual(
        refusal('VALIDATION', 'Veuillez sélectionner au moins une option de transformation.'),
      );
      await expect(
        member.caller.transform.runImage({ image: 'https://ailleurs.example/photo.jpg', selection: pop }),
      ).rejects.toEqual(refusal('NOT_FOUND', sourceMessages.notFound));
      expect(await balance(member)).toBe(500);
    });
  });

  describe('permissions', () => {
    it('a visitor is asked to sign in for anything of an account', async () => {
      const visitor = api.visitor();
      await expect(visitor.gallery.list({ userId: 1 })).rejects.toEqual(refusal('UNAUTHENTICATED'));
      await expect(visitor.credits.history()).rejects.toEqual(refusal('UNAUTHENTICATED'));
      await expect(visitor.feed.like({ postId: 1 })).rejects.toEqual(refusal('UNAUTHENTICATED'));
    });

    it("a member can neither read, change, publish nor delete another member's pictures and jobs", async () => {
      const owner = await api.member();
      const other = await api.member();
      const item = await saved(owner);
      const job = (await transformed(owner)).jobId;
      const { caller } = other;

      await expect(caller.gallery.list({ userId: owner.userId })).rejects.toEqual(
        refusal('FORBIDDEN', galleryMessages.notYourGallery),
      );
      await expect(caller.gallery.delete({ id: item.id })).rejects.toEqual(
        refusal('NOT_FOUND', galleryMessages.itemNotFound),
      );
      expect(await caller.gallery.deleteMany({ ids: [item.id] })).toEqual({ deletedCount: 0 });
      await expect(caller.gallery.favorite({ id: item.id })).rejects.toEqual(refusal('NOT_FOUND'));
      await expect(caller.feed.publish({ postId: item.id })).rejects.toEqual(refusal('NOT_FOUND'));
      await expect(caller.jobs.get({ id: job })).rejects.toEqual(refusal('NOT_FOUND', jobMessages.notFound));
      await expect(caller.jobs.cancel({ id: job })).rejects.toEqual(refusal('NOT_FOUND', jobMessages.notFound));
      // Someone else's result cannot be saved into one's own gallery either.
      await expect(
        caller.gallery.save({ transformedImagePath: item.transformedImagePath, transformationOption: 'Vol' }),
      ).rejects.toEqual(refusal('NOT_FOUND', galleryMessages.resultNotFound));

      const { gallery } = await owner.caller.gallery.list({ userId: owner.userId });
      expect(gallery.map((kept) => kept.id)).toContain(item.id);
    });
  });

  describe('publishing', () => {
    it('a published result reaches the feed without its original, then leaves it when unpublished', async () => {
      const author = await api.member();
      const item = await saved(author, `Aquarelle publiée ${author.userId}`);
      const visitor = api.visitor();
      const inFeed = async () => (await visitor.feed.list({})).posts.find((post) => post.id === item.id) ?? null;

      expect(await inFeed()).toBeNull();
      await author.caller.feed.publish({ postId: item.id });
      expect(await inFeed()).toMatchObject({
        transformedImagePath: item.transformedImagePath,
        originalImagePath: null,
      });

      await author.caller.feed.unpublish({ postId: item.id });
      expect(await inFeed()).toBeNull();
      await expect(visitor.feed.post({ postId: item.id })).rejects.toEqual(refusal('NOT_FOUND'));
    });

    it("a like counts once per member, and a member's second like takes it back", async () => {
      const author = await api.member();
      const item = await saved(author);
      await author.caller.feed.publish({ postId: item.id });
      const fan = await api.member();
      expect(await fan.caller.feed.like({ postId: item.id })).toEqual({ liked: true, likesCount: 1 });
      expect(await fan.caller.feed.like({ postId: item.id, liked: true })).toEqual({ liked: true, likesCount: 1 });
      expect(await fan.caller.feed.like({ postId: item.id })).toEqual({ liked: false, likesCount: 0 });
    });
  });

  describe('jobs', () => {
    const job = (id: number): JobId => ({ id });

    afterEach(() => api.releasePictures());

    /** One of the member's uploads, ready to be transformed. */
    async function uploaded({ caller }: Member): Promise<number> {
      return (await caller.transform.upload(await watercolour())).id;
    }

    /**
     * A transformation asked to answer at once: refused as pending with its job, which the REST
     * adapter answers as 202 with the job's id to follow.
     */
    async function submitted({ caller }: Member, uploadId: number): Promise<number> {
      const run: Run = { uploadId, respondAsync: true };
      const answer = await caller.transform.run(run).catch((error: unknown) => error);
      expect(answer).toMatchObject({
        message: jobMessages.pending,
        cause: { appCode: 'UNAVAILABLE', clientCode: 'job_pending', jobId: expect.any(Number) },
      });
      return (answer as { cause: JobPendingError }).cause.jobId;
    }

    /** The job's snapshots from now until it ends, as its progress stream sends them. */
    async function followed({ caller }: Member, id: number): Promise<JobSnapshot[]> {
      const snapshots: JobSnapshot[] = [];
      for await (const snapshot of await caller.jobs.events(job(id))) snapshots.push(snapshot);
      return snapshots;
    }

    /** The first `count` snapshots of the member's progress stream: their generations in progress now, oldest first. */
    async function inProgress({ caller }: Member, count: number): Promise<JobSnapshot[]> {
      const listed: JobSnapshot[] = [];
      for await (const snapshot of await caller.jobs.active()) {
        listed.push(snapshot);
        if (listed.length === count) break;
      }
      return listed;
    }

    it('a generation asked to answer at once gives its job to follow, which ends with the picture, paid once', async () => {
      const member = await api.member();
      const uploadId = await uploaded(member);
      const held = api.holdPictures();
      const id = await submitted(member, uploadId);
      await held.arrived(1);
      expect(await member.caller.jobs.get(job(id))).toMatchObject({
        id,
        kind: 'studio',
        status: 'running',
        result: null,
      });
      expect(await balance(member)).toBe(450); // held while it runs

      const following = followed(member, id);
      held.release();
      const snapshots = await following;
      const progress = snapshots.map((snapshot) => snapshot.progress);
      expect(progress).toEqual([...progress].sort((a, b) => a - b));
      const done = await member.caller.jobs.get(job(id));
      expect(done).toMatchObject({ id, status: 'succeeded', progress: 100, stage: jobMessages.succeeded, error: null });
      expect(done.result).toMatchObject({ resultUrl: expect.stringMatching(/^\/api\/media\/results\//) });
      expect(snapshots.at(-1)).toMatchObject({ status: 'succeeded', result: done.result });

      expect(await balance(member)).toBe(450);
      const { entries } = await member.caller.credits.history();
      expect(entries.map((entry) => [entry.type, entry.amount, entry.balanceAfter])).toEqual([
        ['debit', 50, 450],
        ['credit', 500, 500],
      ]);
    });

    it('a canceled job, running or queued, gives its credits back, cannot be canceled again and never ends paid', async () => {
      const member = await api.member();
      const uploadId = await uploaded(member);
      const held = api.holdPictures();
      const running = await submitted(member, uploadId);
      const other = await submitted(member, uploadId);
      const queued = await submitted(member, uploadId);
      await held.arrived(2); // two at once per member: the third waits its turn
      expect(await member.caller.jobs.get(job(queued))).toMatchObject({ status: 'queued', place: 0 });
      expect(await balance(member)).toBe(350);

      expect(await member.caller.jobs.cancel(job(running))).toMatchObject({
        status: 'canceled',
        stage: jobMessages.canceled,
        result: null,
      });
      expect(await balance(member)).toBe(400);
      expect(await member.caller.jobs.cancel(job(queued))).toMatchObject({ status: 'canceled', result: null });
      expect(await balance(member)).toBe(450);
      for (const id of [running, queued])
        await expect(member.caller.jobs.cancel(job(id))).rejects.toEqual(refusal('CONFLICT', jobMessages.finished));

      // Let go, the canceled run ends without a result while the other is paid. The member's
      // stream lists the one still running, then tells of both ends.
      const changes = (await member.caller.jobs.active())[Symbol.asyncIterator]();
      expect((await changes.next()).value).toMatchObject({ id: other, status: 'running' });
      held.release();
      const ended = new Map<number, string>();
      while (!(ended.get(other) === 'succeeded' && ended.has(running))) {
        const { value } = await changes.next();
        if (value && FINISHED_STATUSES.includes(value.status)) ended.set(value.id, value.status);
      }
      await changes.return?.();
      expect(Object.fromEntries(ended)).toEqual({ [other]: 'succeeded', [running]: 'canceled' });

      expect(await member.caller.jobs.get(job(running))).toMatchObject({ status: 'canceled', result: null });
      // The queued one never ran.
      expect(await member.caller.jobs.get(job(queued))).toMatchObject({
        status: 'canceled',
        result: null,
        startedAt: null,
      });
      expect(await balance(member)).toBe(450);
      const { entries } = await member.caller.credits.history();
      expect(entries.map((entry) => [entry.type, entry.amount])).toEqual([
        ['debit', 50],
        ['credit', 500],
      ]);
    });

    it("a member's progress lists their own generations in progress, never another member's", async () => {
      const first = await api.member();
      const second = await api.member();
      const [firstUpload, secondUpload] = await Promise.all([uploaded(first), uploaded(second)]);
      const held = api.holdPictures();
      const mine = await submitted(first, firstUpload);
      const theirs = await submitted(second, secondUpload);
      const mineNext = await submitted(first, firstUpload); // two run at once in all: this one waits
      await held.arrived(2);

      // Listed without the other's, which came in between.
      expect((await inProgress(first, 2)).map(({ id, status }) => [id, status])).toEqual([
        [mine, 'running'],
        [mineNext, 'queued'],
      ]);
      expect((await inProgress(second, 1)).map(({ id, status }) => [id, status])).toEqual([[theirs, 'running']]);

      const endings = Promise.all([followed(first, mine), followed(second, theirs), followed(first, mineNext)]);
      held.release();
      expect((await endings).map((snapshots) => snapshots.at(-1)?.status)).toEqual([
        'succeeded',
        'succeeded',
        'succeeded',
      ]);
    });
  });
});
