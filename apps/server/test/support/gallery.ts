import { randomUUID } from 'node:crypto';
import { Transformation, Upload } from '@atelier/db';
import { storageFileName } from '@atelier/media';
import { vi } from 'vitest';
import { freshClients } from './clients';
import type { TestApp, TestClient } from './harness';

export interface Member {
  c: TestClient;
  userId: number;
  email: string;
}

/** Signed-in people for the gallery and feed suites, each from an address of its own (sign-up limits). */
export function memberFactory(app: () => TestApp, subnet: number) {
  const client = freshClients(app, subnet);
  return async (names: { firstName?: string; lastName?: string } = {}): Promise<Member> => {
    const c = client();
    const { user, email } = await c.register(names);
    return { c, userId: user.id, email };
  };
}

/** A succeeded transformation of the user's, as the transform endpoint leaves it; returns its media URL. */
export async function transformationResult(
  t: TestApp,
  userId: number,
  status: 'succeeded' | 'failed' = 'succeeded',
): Promise<string> {
  const key = `results/2026/11/${randomUUID()}.jpg`;
  const em = t.db.orm.em.fork();
  em.create(Transformation, {
    owner: userId,
    kind: 'image',
    prompt: 'style cyberpunk',
    status,
    resultKey: key,
    resultFile: storageFileName(key),
    engine: 'local',
    createdAt: new Date(),
  });
  await em.flush();
  return `/api/media/${key}`;
}

/** An upload of the user's; returns its media URL. */
export async function uploadedImage(t: TestApp, userId: number): Promise<string> {
  const key = `uploads/2026/11/${randomUUID()}.jpg`;
  const em = t.db.orm.em.fork();
  em.create(Upload, {
    owner: userId,
    storageKey: key,
    size: 1000,
    mime: 'image/jpeg',
    width: 10,
    height: 10,
    createdAt: new Date(),
  });
  await em.flush();
  return `/api/media/${key}`;
}

/** What the mobile studio posts after a transformation. */
export async function saveBody(t: TestApp, member: Member, overrides: Record<string, unknown> = {}) {
  return {
    userId: member.userId,
    originalImagePath: await uploadedImage(t, member.userId),
    transformedImagePath: await transformationResult(t, member.userId),
    transformationType: 'style',
    transformationOption: 'Cyberpunk + Forêt',
    transformationPrompt: 'cyberpunk style, neon lights, forest',
    sessionKey: '1732230000000',
    ...overrides,
  };
}

/** Saves a new result of the member's to their gallery and returns the item. */
export async function savedItem(t: TestApp, member: Member, overrides: Record<string, unknown> = {}) {
  const res = await member.c.post('/api/gallery/save', await saveBody(t, member, overrides));
  if (res.status !== 200) throw new Error(`save failed: ${res.status} ${res.text}`);
  return res.body.item as {
    id: number;
    transformedImagePath: string;
    originalImagePath: string | null;
    createdAt: string;
  };
}

/**
 * The SQL statements run while `run` runs, counted at MikroORM's logger, which every statement of
 * every connection passes through whatever the debug setting.
 */
export async function countQueries<T>(t: TestApp, run: () => Promise<T>): Promise<{ result: T; queries: number }> {
  const spy = vi.spyOn(t.db.orm.config.getLogger(), 'logQuery');
  try {
    const result = await run();
    return { result, queries: spy.mock.calls.length };
  } finally {
    spy.mockRestore();
  }
}
