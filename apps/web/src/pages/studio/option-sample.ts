import { useQuery } from '@tanstack/react-query';
import { createContext, use } from 'react';
import { drawnSmall } from '../../lib/image-files';
import { postImage } from '../../lib/upload';

/** The long side of the copy sent: the server draws the tiles at 256 px from at most 512. */
const SAMPLE_EDGE = 512;

/** The member's photo as the option tiles preview it: the local engine draws each option on it (see /api/option-samples). */
export interface OptionSample {
  /** The option's tile on the member's photo, or null (a visitor, the cloud engine, not kept). */
  tileUrl: (thumbnail: string) => string | null;
  /** The member's photo is on its way to the server: its tiles come next, not the stock portrait's. */
  pending: boolean;
}

const NO_SAMPLE: OptionSample = { tileUrl: () => null, pending: false };

export const OptionSampleContext = createContext<OptionSample>(NO_SAMPLE);

export const useOptionSample = () => use(OptionSampleContext);

/** Sends a small copy of the picture at `src`; resolves to the id the server kept it under. */
async function keepSample(src: string): Promise<string> {
  const canvas = await drawnSmall(src, SAMPLE_EDGE);
  const copy = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', 0.9));
  if (!copy) throw new Error('Copie de la photo impossible');
  const { sampleId } = await postImage<{ sampleId: string }>('/api/option-samples', 'image', copy);
  return sampleId;
}

/** A picture the member brought: one just picked (blob:) or one of their stored files, not the studio's own art. */
const isMembersPicture = (src: string | null): src is string =>
  src !== null && (src.startsWith('blob:') || src.startsWith('/api/media/'));

/**
 * The picture in the frame kept as the member's sample while `enabled` (a member, the local
 * engine), when it is theirs. Should it fail, the tiles fall back to the stock portrait and RUN
 * lets the server judge.
 */
export function useKeptSample(src: string | null, enabled: boolean): OptionSample {
  const members = enabled && isMembersPicture(src);
  const kept = useQuery({
    queryKey: ['option-sample', src],
    queryFn: () => keepSample(src!),
    enabled: members,
    staleTime: Infinity,
    // The server keeps one sample per member: coming back to a picture sends it again.
    gcTime: 0,
    retry: false,
  });
  const sampleId = members ? (kept.data ?? null) : null;
  return {
    pending: members && kept.isPending,
    tileUrl: (thumbnail) =>
      sampleId === null ? null : `/api/option-samples/${sampleId}/${encodeURIComponent(thumbnail)}.jpg`,
  };
}
