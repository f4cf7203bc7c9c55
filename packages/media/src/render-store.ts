import { readdir, readFile, rm } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { isMissingFile, writeFileAtomic } from './files';

/**
 * Where rendered files are kept, by name (`v2/stitch-….jpg`, names the RenderCache checked): a
 * folder of this instance (DiskRenderStore), or the media bucket every instance shares
 * (S3Storage.renders()), so one instance serves what another rendered.
 */
export interface RenderStore {
  /** The render's bytes, or undefined when none is kept under that name yet. */
  read(name: string): Promise<Buffer | undefined>;
  /** Keeps it whole: a reader sees either nothing or all of it. */
  write(name: string, bytes: Buffer): Promise<void>;
  /** Deletes it; a name with nothing under it is fine. */
  remove(name: string): Promise<void>;
  /** Deletes every render under `folder/`; an empty or missing folder is fine. */
  removeFolder(folder: string): Promise<void>;
  /** Deletes every render outside the `version/` folder (an older engine's); resolves to how many files went. */
  keepOnly(version: string): Promise<number>;
}

/** Renders in a folder (DATA_DIR/renders), written atomically. */
export class DiskRenderStore implements RenderStore {
  private readonly root: string;

  constructor(root: string) {
    this.root = resolve(root);
  }

  read(name: string): Promise<Buffer | undefined> {
    return readFile(join(this.root, name)).catch((error: unknown) => {
      if (isMissingFile(error)) return undefined;
      throw error;
    });
  }

  write(name: string, bytes: Buffer): Promise<void> {
    return writeFileAtomic(join(this.root, name), bytes);
  }

  remove(name: string): Promise<void> {
    return rm(join(this.root, name), { force: true });
  }

  removeFolder(folder: string): Promise<void> {
    // A render written into the folder while it goes leaves it not empty: the removal tries again.
    return rm(join(this.root, folder), { recursive: true, force: true, maxRetries: 5 });
  }

  async keepOnly(version: string): Promise<number> {
    const top = await readdir(this.root, { withFileTypes: true }).catch((error: unknown) => {
      if (isMissingFile(error)) return [];
      throw error;
    });
    const counts = await Promise.all(
      top
        .filter((entry) => entry.name !== version)
        .map(async (entry) => {
          const path = join(this.root, entry.name);
          const files = entry.isDirectory()
            ? (await readdir(path, { recursive: true, withFileTypes: true })).filter((inner) => inner.isFile()).length
            : 1;
          await rm(path, { recursive: true, force: true });
          return files;
        }),
    );
    return counts.reduce((sum, files) => sum + files, 0);
  }
}
