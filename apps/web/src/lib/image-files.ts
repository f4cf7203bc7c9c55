import { MAX_INPUT_PIXELS, MAX_UPLOAD_BYTES, TOO_MANY_PIXELS_MESSAGE } from '@atelier/catalog';
import { postImage, type UploadProgress } from './upload';

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

/** Null when an image of this size can be used, else the server's own refusal, said before the upload. */
export function checkImageSize(width: number, height: number): string | null {
  return width * height > MAX_INPUT_PIXELS ? TOO_MANY_PIXELS_MESSAGE : null;
}

/** The picture's size from its header (the browser does not decode it to answer), or null when it is not a readable image. */
function imageSizeOf(file: Blob): Promise<{ width: number; height: number } | null> {
  return new Promise((resolve) => {
    const url = URL.createObjectURL(file);
    const image = new Image();
    const done = (size: { width: number; height: number } | null) => {
      URL.revokeObjectURL(url);
      resolve(size);
    };
    image.onload = () =>
      done(image.naturalWidth > 0 ? { width: image.naturalWidth, height: image.naturalHeight } : null);
    image.onerror = () => done(null);
    image.src = url;
  });
}

/**
 * Everything the screens can check of a picked file before sending it: its size in bytes, its type,
 * that it opens as an image (a corrupt file does not), and its pixel count. Null when it can be used.
 */
export async function inspectImageFile(file: File, origin: FileOrigin): Promise<string | null> {
  const refusal = checkImageFile(file, origin);
  if (refusal) return refusal;
  const size = await imageSizeOf(file);
  if (!size) return readFailureMessage(origin);
  return checkImageSize(size.width, size.height);
}

function loadImage(src: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.crossOrigin = 'anonymous'; // a picture from elsewhere must allow reading its pixels
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error(`Image non chargée : ${src}`));
    image.src = src;
  });
}

/** The picture at `src` drawn on a canvas, its long side `edge` pixels at most (never enlarged). */
export async function drawnSmall(
  src: string,
  edge: number,
  settings?: CanvasRenderingContext2DSettings,
): Promise<HTMLCanvasElement> {
  const image = await loadImage(src);
  const scale = Math.min(1, edge / Math.max(image.naturalWidth, image.naturalHeight, 1));
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.round(image.naturalWidth * scale));
  canvas.height = Math.max(1, Math.round(image.naturalHeight * scale));
  const context = canvas.getContext('2d', settings);
  if (!context) throw new Error('Canvas 2D indisponible');
  context.drawImage(image, 0, 0, canvas.width, canvas.height);
  return canvas;
}

/** What to tell the user when the chosen file cannot be read. */
export function readFailureMessage(origin: FileOrigin): string {
  return IMAGE_FILE_MESSAGES[origin].unreadable;
}

export interface UploadedImage {
  id: number;
  imagePath: string;
}

/**
 * Sends the picture to POST /api/upload (multipart field `image`); throws with the server's French
 * message. `onProgress` hears how much of it has gone. The options travel with the transformation.
 */
export function uploadImage(file: Blob, onProgress?: UploadProgress): Promise<UploadedImage> {
  return postImage<UploadedImage>('/api/upload', 'image', file, {}, onProgress);
}
