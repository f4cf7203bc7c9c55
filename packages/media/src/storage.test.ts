import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MediaError } from './errors';
import { LocalDiskStorage, isStorageKey } from './storage';

let root: string;
let storage: LocalDiskStorage;

beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'atelier-storage-'));
  storage = new LocalDiskStorage(join(root, 'media'));
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

const UUID = '3f2b8c1e-9d4a-4b7e-8f1a-2c3d4e5f6a7b';

describe('LocalDiskStorage', () => {
  it('stores bytes under a generated key and gives them back', async () => {
    const bytes = Buffer.from('des octets qui ne sont pas une image, peu importe ici');
    const key = await storage.put('results', bytes, 'jpg');
    expect(key).toMatch(/^results\/\d{4}\/(0[1-9]|1[0-2])\/[0-9a-f-]{36}\.jpg$/);
    expect(isStorageKey(key)).toBe(true);
    expect(await storage.get(key)).toEqual(bytes);
    expect(await storage.stat(key)).toMatchObject({ size: bytes.length, contentType: 'image/jpeg' });
    expect(storage.absolutePath(key)).toBe(join(root, 'media', key));
    const servable = await storage.servable(key);
    expect(servable).toEqual({ root: join(root, 'media'), path: key, contentType: 'image/jpeg' });
    expect(await readFile(join(servable.root, servable.path))).toEqual(bytes);
  });

  it('gives every file its own key and leaves no temporary files', async () => {
    const keys = await Promise.all(
      Array.from({ length: 10 }, (_, index) => storage.put('uploads', Buffer.from([index]), 'png')),
    );
    expect(new Set(keys).size).toBe(10);
    const files = (await readdir(join(root, 'media'), { recursive: true })).filter(
      (name) => name.endsWith('.png') || name.endsWith('.tmp'),
    );
    expect(files.every((name) => name.endsWith('.png'))).toBe(true);
    expect(files).toHaveLength(10);
  });

  it('deletes a file; a deleted file is not found, and deleting again is fine', async () => {
    const key = await storage.put('videos', Buffer.from('mp4'), 'mp4');
    await storage.delete(key);
    await expect(storage.get(key)).rejects.toMatchObject({ code: 'NOT_FOUND', message: 'Fichier introuvable.' });
    await expect(storage.stat(key)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(storage.servable(key)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(storage.delete(key)).resolves.toBeUndefined();
  });

  it('offers no directory standing where a file would be', async () => {
    const key = `uploads/2026/11/${UUID}.jpg`;
    await mkdir(join(root, 'media', key), { recursive: true });
    await expect(storage.servable(key)).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it.each([
    '../secret.jpg',
    `uploads/2026/11/../../../secret.jpg`,
    `uploads/2026/11/${UUID}.jpg/../../x.jpg`,
    '/etc/passwd',
    `/uploads/2026/11/${UUID}.jpg`,
    `uploads\\2026\\11\\${UUID}.jpg`,
    `uploads/2026/11/${UUID}.jpg\0.png`,
    `uploads/2026/13/${UUID}.jpg`,
    `secrets/2026/11/${UUID}.jpg`,
    `uploads/2026/11/${UUID.toUpperCase()}.jpg`,
    `uploads/2026/11/${UUID}.exe`,
    `uploads/2026/11/photo.jpg`,
    '',
  ])('refuses the key %j as not found', async (key) => {
    // A file placed where a traversal would lead must stay out of reach.
    await writeFile(join(root, 'secret.jpg'), 'secret');
    expect(isStorageKey(key)).toBe(false);
    expect(() => storage.absolutePath(key)).toThrow(MediaError);
    for (const attempt of [storage.get(key), storage.stat(key), storage.servable(key), storage.delete(key)]) {
      await expect(attempt).rejects.toMatchObject({ code: 'NOT_FOUND' });
    }
  });
});
