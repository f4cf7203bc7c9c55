import { MAX_UPLOAD_BYTES } from '@atelier/catalog';
import { postImage } from './upload';

/** How a picture was picked: the spec words its refusals differently for each. */
export type FileOrigin = 'upload' | 'camera';

export const IMAGE_FILE_MESSAGES = {
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
  if (file.size > MAX_UPLOAD_BYTES) return IMAGE_FILE_MESSAGES[origin].tooLarge;
  if (!file.type.startsWith('image/')) return IMAGE_FILE_MESSAGES[origin].notImage;
  return null;
}

/** What to tell the user when the chosen file cannot be read. */
export function readFailureMessage(origin: FileOrigin): string {
  return IMAGE_FILE_MESSAGES[origin].unreadable;
}

/** Last resort when the server's reply carries no message of its own. */

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

/** Sends the picture to POST /api/upload (multipart field `image`); throws with the server's French message. */
export function uploadImage(file: Blob, fields: UploadFields = {}): Promise<UploadedImage> {
  const text: Record<string, string> = {};
  if (fields.style !== undefined) text.style = fields.style;
  if (fields.selection !== undefined) text.selection = JSON.stringify(fields.selection);
  if (fields.colors !== undefined) text.colors = JSON.stringify(fields.colors);
  return postImage<UploadedImage>('/api/upload', 'image', file, text);
}
