import type { ReferenceSlotId } from '@atelier/catalog';

export const UPLOAD_MESSAGES = {
  notAnImage: 'Format non supporté. Veuillez sélectionner une image.',
  failed: "Erreur lors de l'envoi de l'image. Veuillez réessayer.",
} as const;

/** The editor's file pickers take pictures only (the server checks the bytes again). */
export function isImageFile(file: File): boolean {
  return file.type.startsWith('image/');
}

/** Sends one picture as multipart and returns the JSON reply; a refusal throws the server's French message. */
async function postImage<T>(path: string, field: string, file: File, fields: Record<string, string> = {}): Promise<T> {
  if (!isImageFile(file)) throw new Error(UPLOAD_MESSAGES.notAnImage);
  const form = new FormData();
  form.append(field, file, file.name);
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  let response: Response;
  try {
    response = await fetch(path, { method: 'POST', body: form, credentials: 'include' });
  } catch {
    throw new Error(UPLOAD_MESSAGES.failed);
  }
  const body = (await response.json().catch(() => null)) as (T & { message?: unknown }) | null;
  if (!response.ok || !body) throw new Error(typeof body?.message === 'string' && body.message ? body.message : UPLOAD_MESSAGES.failed);
  return body;
}

/** The photo of a source node (`POST /api/upload`, field `image`). */
export function uploadPhoto(file: File): Promise<{ id: number; imagePath: string }> {
  return postImage('/api/upload', 'image', file);
}

/** A reference picture (`POST /api/upload-reference`, fields `referenceImage` and `type`). */
export async function uploadReference(file: File, type: ReferenceSlotId): Promise<string> {
  const { imagePath } = await postImage<{ imagePath: string }>('/api/upload-reference', 'referenceImage', file, { type });
  return imagePath;
}
