import { describe, expect, it } from 'vitest';
import { MAX_UPLOAD_BYTES } from '@atelier/catalog';
import { checkImageFile, checkImageSize, readFailureMessage } from './image-files';

const fileOf = (size: number, type: string) => new File([new Uint8Array(size)], 'photo', { type });

describe('checkImageFile', () => {
  it('accepts an image of exactly 10 MB', () => {
    expect(MAX_UPLOAD_BYTES).toBe(10 * 1024 * 1024);
    expect(checkImageFile(fileOf(MAX_UPLOAD_BYTES, 'image/jpeg'), 'upload')).toBeNull();
    expect(checkImageFile(fileOf(MAX_UPLOAD_BYTES, 'image/png'), 'camera')).toBeNull();
  });

  it('refuses one byte over 10 MB, worded for the upload or the camera', () => {
    const tooLarge = fileOf(MAX_UPLOAD_BYTES + 1, 'image/jpeg');
    expect(checkImageFile(tooLarge, 'upload')).toBe('Fichier trop volumineux. Taille maximale : 10MB');
    expect(checkImageFile(tooLarge, 'camera')).toBe('Photo trop volumineuse. Taille maximale : 10MB');
  });

  it('refuses a file that is not an image, worded for the upload or the camera', () => {
    const text = fileOf(10, 'text/plain');
    expect(checkImageFile(text, 'upload')).toBe('Format non supporté. Veuillez sélectionner une image.');
    expect(checkImageFile(text, 'camera')).toBe('Fichier non valide. Veuillez prendre une photo.');
    expect(checkImageFile(fileOf(10, ''), 'upload')).toBe('Format non supporté. Veuillez sélectionner une image.');
  });
});

describe('readFailureMessage', () => {
  it('gives the spec message for each origin', () => {
    expect(readFailureMessage('upload')).toBe('Erreur lors de la lecture du fichier. Veuillez réessayer.');
    expect(readFailureMessage('camera')).toBe('Erreur lors de la capture photo. Veuillez réessayer.');
  });
});

describe('checkImageSize', () => {
  it('accepts 50 megapixels and refuses more, in the server’s words', () => {
    expect(checkImageSize(10_000, 5_000)).toBeNull();
    expect(checkImageSize(10_000, 5_001)).toBe('Image trop grande. Taille maximale : 50 mégapixels.');
  });
});
