import type { ServiceDeps } from '../deps';
import { mediaFailure } from './errors';

type SampleDeps = Pick<ServiceDeps, 'media'>;

/**
 * A member's photo kept to preview the options on before RUN (see RenderCache.keepSample): the
 * studio shows each option's tile on it. It is the member's
 * alone: every read is by the caller's own id, so another member's sample is not found.
 */
export function keepSample(
  { media }: SampleDeps,
  { ownerId, image }: { ownerId: number; image: Uint8Array },
): Promise<{ sampleId: string }> {
  return saidInFrench(async () => ({ sampleId: await media.renders.keepSample(ownerId, Buffer.from(image)) }));
}

/** An option's tile on the member's sample, as JPEG bytes. */
export function sampleTile(
  { media }: SampleDeps,
  { ownerId, sampleId, thumbnail }: { ownerId: number; sampleId: string; thumbnail: string },
): Promise<Buffer> {
  return saidInFrench(() => media.renders.sampleTile(ownerId, sampleId, thumbnail));
}

/** The media layer's refusals and faults as the API says them (see mediaFailure). */
function saidInFrench<T>(work: () => Promise<T>): Promise<T> {
  return work().catch((error: unknown) => Promise.reject(mediaFailure(error)));
}
