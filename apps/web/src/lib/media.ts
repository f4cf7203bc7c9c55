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
