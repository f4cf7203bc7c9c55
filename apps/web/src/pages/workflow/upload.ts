import type { ReferenceSlotId } from '@atelier/catalog';
import { postImage } from '../../lib/upload';
import { checkImageFile } from '../../lib/imageFiles';

/** The editor's pickers take pictures only; the server checks the bytes (and the size) again. */
function checked(file: File): File {
  const refusal = checkImageFile(file, 'upload');
  if (refusal) throw new Error(refusal);
  return file;
}

/** The photo of a source node (`POST /api/upload`, field `image`). */
export function uploadPhoto(file: File): Promise<{ id: number; imagePath: string }> {
  return postImage('/api/upload', 'image', checked(file));
}

/** A reference picture (`POST /api/upload-reference`, fields `referenceImage` and `type`). */
export async function uploadReference(file: File, type: ReferenceSlotId): Promise<string> {
  const { imagePath } = await postImage<{ imagePath: string }>('/api/upload-reference', 'referenceImage', checked(file), { type });
  return imagePath;
}
