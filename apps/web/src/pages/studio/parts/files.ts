import { MAX_UPLOAD_BYTES } from '@atelier/catalog';

/** How a picture reached the studio: the spec words its refusals differently for each. */
export type FileOrigin = 'upload' | 'camera';

const MESSAGES = {
  upload: {
    tooLarge: 'Fichier trop volumineux. Taille maximale : 10MB',
    notImage: 'Format non supporté. Veuillez sélectionner une image.',
    unreadable: 'Erreur lors de la lecture du fichier. Veuillez réessayer.',
  },
  camera: {
    tooLarge: 'Photo trop volumineuse. Taille maximale : 10MB',
    notImage: 'Fichier non valide. Veuillez prendre une photo.',
    unreadable: 'Erreur lors de la capture photo. Veuillez réessayer.',
  },
} as const satisfies Record<FileOrigin, Record<string, string>>;

/** Null when the file can be used, else the spec's French reason. */
export function checkImageFile(file: File, origin: FileOrigin): string | null {
  if (file.size > MAX_UPLOAD_BYTES) return MESSAGES[origin].tooLarge;
  if (!file.type.startsWith('image/')) return MESSAGES[origin].notImage;
  return null;
}

/** What to tell the user when the chosen file cannot be read. */
export function readFailureMessage(origin: FileOrigin): string {
  return MESSAGES[origin].unreadable;
}

/** Last resort when the server's reply carries no message of its own. */
const UPLOAD_FAILED = "Échec de l'envoi de l'image. Veuillez réessayer.";

export interface UploadFields {
  /** The documented text built from the selections and colours. */
  style?: string;
  /** Structured selection, sent as JSON beside the text. */
  selection?: unknown;
  colors?: unknown;
}

export interface UploadedImage {
  id: number;
  imagePath: string;
}

async function messageOf(response: Response): Promise<string> {
  try {
    const body: unknown = await response.json();
    if (typeof body === 'object' && body !== null && 'message' in body && typeof body.message === 'string' && body.message) return body.message;
  } catch {
    // Not JSON (a proxy's page): the fallback below.
  }
  return UPLOAD_FAILED;
}

/** Sends the picture to POST /api/upload (multipart field `image`); throws with the server's French message. */
export async function uploadImage(file: Blob, fields: UploadFields = {}): Promise<UploadedImage> {
  const form = new FormData();
  form.append('image', file, file instanceof File ? file.name : 'image.jpg');
  if (fields.style !== undefined) form.append('style', fields.style);
  if (fields.selection !== undefined) form.append('selection', JSON.stringify(fields.selection));
  if (fields.colors !== undefined) form.append('colors', JSON.stringify(fields.colors));
  let response: Response;
  try {
    response = await fetch('/api/upload', { method: 'POST', body: form, credentials: 'include' });
  } catch {
    throw new Error(UPLOAD_FAILED);
  }
  if (!response.ok) throw new Error(await messageOf(response));
  return (await response.json()) as UploadedImage;
}
