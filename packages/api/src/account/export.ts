import {
  ApiToken,
  CreditEntry,
  GalleryItem,
  Like,
  Payment,
  Session,
  Transformation,
  Upload,
  User,
  Video,
  Workflow,
  type EntityManager,
} from '@atelier/db';
import { readStoredFile, type MediaStorage } from '@atelier/media';
import { ZipFile } from 'yazl';
import { toPublicUser } from '../shared/user';
import { ownedFileKeys } from './files';

/** Where a stored file sits in the archive: the JSON's `/api/media/<key>` addresses name the same key. */
const ARCHIVE_MEDIA_FOLDER = 'media/';
const ARCHIVE_DATA_FILE = 'donnees.json';

export interface AccountExport {
  /** The archive's name, dated. */
  filename: string;
  /** Everything the account holds, as JSON. */
  data: Record<string, unknown>;
  /** The storage keys of its own pictures and videos, packed as files. */
  files: string[];
}

/**
 * "Exporter mes données": the account's records as JSON (profile, credit history and payments,
 * gallery and posts, videos, uploads, transformations, workflows, likes, signed-in devices and API
 * tokens — never a password, session key or token hash) and the list of its own files.
 */
export async function collectAccountExport(
  em: EntityManager,
  userId: number,
  now = new Date(),
): Promise<AccountExport> {
  const omitOwner = { exclude: ['owner'] } as const;
  const [
    user,
    credits,
    payments,
    gallery,
    videos,
    uploads,
    transformations,
    workflows,
    likes,
    sessions,
    apiTokens,
    files,
  ] = await Promise.all([
    em.findOneOrFail(User, userId),
    em.find(CreditEntry, { user: userId }, { exclude: ['user'], orderBy: { id: 'asc' } }),
    em.find(Payment, { user: userId }, { exclude: ['user'], orderBy: { id: 'asc' } }),
    em.find(GalleryItem, { owner: userId }, { ...omitOwner, orderBy: { id: 'asc' } }),
    em.find(Video, { owner: userId }, { ...omitOwner, orderBy: { id: 'asc' } }),
    em.find(Upload, { owner: userId }, { ...omitOwner, orderBy: { id: 'asc' } }),
    em.find(Transformation, { owner: userId }, { exclude: ['owner', 'upload'], orderBy: { id: 'asc' } }),
    em.find(Workflow, { owner: userId }, { ...omitOwner, orderBy: { id: 'asc' } }),
    em.find(Like, { user: userId }, { fields: ['item', 'createdAt'], orderBy: { id: 'asc' } }),
    em.find(
      Session,
      { user: userId },
      { fields: ['userAgent', 'createdAt', 'lastSeenAt', 'revokedAt'], orderBy: { id: 'asc' } },
    ),
    em.find(
      ApiToken,
      { user: userId },
      { fields: ['name', 'prefix', 'scope', 'createdAt', 'lastUsedAt', 'revokedAt'], orderBy: { id: 'asc' } },
    ),
    ownedFileKeys(em, userId),
  ]);
  const plain = (rows: readonly object[]) => rows.map((row) => ({ ...row }));
  return {
    filename: `atelier-mes-donnees-${now.toISOString().slice(0, 10)}.zip`,
    files,
    data: {
      exportedAt: now,
      mediaFolder: `Les fichiers nommés /api/media/<clé> sont dans ${ARCHIVE_MEDIA_FOLDER}<clé>.`,
      profile: toPublicUser(user),
      credits: plain(credits),
      payments: plain(payments),
      gallery: plain(gallery),
      videos: plain(videos),
      uploads: plain(uploads),
      transformations: plain(transformations),
      workflows: plain(workflows),
      likes: likes.map((like) => ({ postId: like.item.id, createdAt: like.createdAt })),
      sessions: sessions.map(({ userAgent, createdAt, lastSeenAt, revokedAt }) => ({
        userAgent,
        createdAt,
        lastSeenAt,
        revokedAt,
      })),
      apiTokens: apiTokens.map(({ name, prefix, scope, createdAt, lastUsedAt, revokedAt }) => ({
        name,
        prefix,
        scope,
        createdAt,
        lastUsedAt,
        revokedAt,
      })),
    },
  };
}

/**
 * The ZIP, streamed: the JSON, then each file read from storage only when its turn comes, so
 * memory holds one chunk of one file whatever the account's size. A file gone from storage since
 * the list was made is left out. Pictures and videos are already compressed: they are stored as is.
 */
export async function writeAccountArchive(
  storage: MediaStorage,
  account: AccountExport,
): Promise<NodeJS.ReadableStream> {
  const zip = new ZipFile();
  zip.addBuffer(Buffer.from(JSON.stringify(account.data, null, 2)), ARCHIVE_DATA_FILE);
  for (const key of account.files) {
    // One at a time: an object store is asked about one file after another, not thousands at once.
    if (
      !(await storage.stat(key).then(
        () => true,
        () => false,
      ))
    )
      continue;
    zip.addReadStreamLazy(ARCHIVE_MEDIA_FOLDER + key, { compress: false }, (done) => {
      readStoredFile(storage, key).then(
        (stream) => done(null, stream),
        (error: unknown) => done(error as Error, null as never),
      );
    });
  }
  zip.end();
  return zip.outputStream;
}
