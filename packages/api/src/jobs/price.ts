import { creditsFor, type Selection } from '@atelier/catalog';
import { inspectImage, type PriceQuote } from '@atelier/media';
import type { MediaDeps } from '../media/deps';
import { mediaFailure } from '../media/errors';

/** A picture or a clip: what is priced, whatever the screen that asks. */
export type PricedKind = 'image' | 'video';

/**
 * What a generation is sold for, in credits: its chain at the cloud's list prices, priced by
 * `creditsFor`, or an image's price on an engine that costs nothing per run (the local one).
 */
export function generationCredits(media: Pick<MediaDeps, 'images' | 'videos'>, kind: PricedKind, quote: PriceQuote) {
  const usd = kind === 'video' ? media.videos.listPriceUsd?.(quote) : media.images.listPriceUsd?.(quote);
  return creditsFor(usd ?? 0);
}

/**
 * The price of a job about to be submitted, from its stored source picture: read only when the
 * engine prices by what it is asked.
 */
export async function jobCredits(
  media: MediaDeps,
  kind: PricedKind,
  input: { sourceKey: string; prompt: string; selection?: Selection },
): Promise<number> {
  const engine = kind === 'video' ? media.videos : media.images;
  if (!engine.listPriceUsd) return creditsFor(0);
  const size = await media.storage
    .get(input.sourceKey)
    .then(inspectImage)
    .catch((error: unknown) => {
      throw mediaFailure(error);
    });
  return generationCredits(media, kind, { size, prompt: input.prompt, selection: input.selection ?? {} });
}
