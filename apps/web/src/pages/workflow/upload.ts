import type { ReferenceSlotId } from '@atelier/catalog';
import { postImage } from '../../lib/upload';
import { inspectImageFile } from '../../lib/image-files';

/** The editor's pickers take pictures only, checked before sending; the server checks the bytes again. */
async function checked(file: File): Promise<File> {
  const refusal = await inspectImageFile(file, 'upload');
  if (refusal) throw new Error(refusal);
  return file;
}

/** The photo of a source node (`POST /api/upload`, field `image`). */
export async function uploadPhoto(file: File): Promise<{ id: number; imagePath: string }> {
  return postImage('/api/upload', 'image', await checked(file));
}

/** A reference picture (`POST /api/upload-reference`, fields `referenceImage` and `type`). */
export async function uploadReference(file: File, type: ReferenceSlotId): Promise<string> {
  const { imagePath } = await postImage<{ imagePath: string }>(
    '/api/upload-reference',
    'referenceImage',
    await checked(file),
    { type },
  );
  return imagePath;
}
