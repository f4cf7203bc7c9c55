import { PREVIEW_WIDTHS } from '@atelier/catalog';

/** The last segment of a media address: `/api/media/results/3/ab12.jpg` → `ab12.jpg`. */
export function fileNameOf(url: string): string {
  const path = url.split(/[?#]/)[0] ?? '';
  return decodeURIComponent(path.slice(path.lastIndexOf('/') + 1));
}

/** The name a downloaded picture is saved under. */
export const downloadNameOf = (url: string) => `atelier-${fileNameOf(url)}`;

/**
 * The before/after page of a transformation result (the server composes it from the result's
 * file name), or null for any other picture.
 */
export function stitchPathOf(url: string): string | null {
  return /^\/api\/media\/results\/[^?#]+\.jpg$/.test(url) ? `/stitch/${encodeURIComponent(fileNameOf(url))}` : null;
}

/** An option's preview, rendered by the server from its thumbnail name (studio and workflow nodes). */
export const thumbnailUrl = (thumbnail: string) => `/api/thumbnail/${encodeURIComponent(thumbnail)}.jpg`;

/**
 * A stored picture's small versions (`/api/media/<key>?w=…`, its short side at each width) for an
 * `<img>`'s `src` and `srcSet`, or null for any other address (art, videos), shown as it is.
 */
export function previewSourcesOf(url: string): { src: string; srcSet: string } | null {
  if (!/^\/api\/media\/[^?#]+\.(jpe?g|png|webp)$/.test(url)) return null;
  return {
    src: `${url}?w=${PREVIEW_WIDTHS[0]}`,
    srcSet: PREVIEW_WIDTHS.map((width) => `${url}?w=${width} ${width}w`).join(', '),
  };
}
