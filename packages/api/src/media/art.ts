import { DEFAULT_MODELS, WELCOME_IMAGES } from '@atelier/media';

/** Generated pictures anyone may see: the studio's welcome images and default models. */
export const ART_URL_PREFIX = '/api/art/';

export const artUrl = (id: string) => `${ART_URL_PREFIX}${id}.jpg`;
export const defaultModelUrls = () => DEFAULT_MODELS.map((model) => artUrl(model.id));
export const welcomeImageUrls = () => WELCOME_IMAGES.map((image) => artUrl(image.id));

export function isArtUrl(url: string): boolean {
  return [...DEFAULT_MODELS, ...WELCOME_IMAGES].some((art) => artUrl(art.id) === url);
}
