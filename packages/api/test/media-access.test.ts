import { GalleryItem, User } from '@atelier/db';
import { openTestDatabase, testDatabaseTargets, type TestDatabase } from '@atelier/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { canViewMedia } from '../src/media/access';

/** The indexes a lookup of a published file by its address may use: one per path a post shows. */
const PATH_INDEXES = /gallery_items_(transformed_image_path|original_image_path|video_url)_index/;

describe.each(testDatabaseTargets())('media access on $name', (target) => {
  let db: TestDatabase;

  beforeAll(async () => {
    db = await openTestDatabase(target);
    const em = db.orm.em.fork();
    const owner = await em.insert(User, {
      email: 'a@example.fr',
      passwordHash: 'x',
      firstName: 'An',
      lastName: 'Na',
      username: 'anna',
      credits: 0,
      subscriptionType: 'free',
      createdAt: new Date(),
    });
    // Enough published posts that a scan and a search are told apart.
    for (let post = 0; post < 200; post++) {
      await em.insert(GalleryItem, {
        owner,
        transformedImagePath: `/api/media/results/2026/11/${post}.jpg`,
        originalImagePath: `/api/media/uploads/2026/11/${post}.jpg`,
        isPublic: true,
        publishedAt: new Date(),
        createdAt: new Date(),
      });
    }
  });
  afterAll(async () => {
    await db?.close();
  });

  it('asks whether a published post shows a file by an index on its path, never by scanning the public posts', async () => {
    const asked: { sql: string; params: readonly unknown[] }[] = [];
    db.orm.config.set('onQuery', (sql, params) => {
      if (sql.includes('gallery_items')) asked.push({ sql, params });
      return sql;
    });
    try {
      expect(await canViewMedia(db.orm.em.fork(), null, 'uploads/2026/11/7.jpg')).toBe(true);
      expect(await canViewMedia(db.orm.em.fork(), null, 'videos/2026/11/none.mp4')).toBe(false);
    } finally {
      db.orm.config.set('onQuery', (sql) => sql);
    }
    expect(asked.length).toBeGreaterThan(0);
    const connection = db.orm.em.fork().getConnection();
    for (const { sql, params } of asked) {
      const explain = target.name === 'sqlite' ? 'EXPLAIN QUERY PLAN' : 'EXPLAIN';
      const plan: Record<string, unknown>[] = await connection.execute(`${explain} ${sql}`, [...params]);
      const used = plan
        .map((row: Record<string, unknown>) => String(target.name === 'sqlite' ? row.detail : row.key))
        .join(' | ');
      expect(used, sql).toMatch(PATH_INDEXES);
    }
  });
});
