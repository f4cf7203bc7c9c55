import { IDENTITY, chain, weaken, type Grade } from './grade';
import { IDENTITY_KERNEL, addKernels, weakenKernel, type Kernel } from './kernel';

/**
 * Everything a selection asks of the pixels, in a form that merges: one look per option, combined
 * into one look for the whole selection, rendered by one sharp pipeline. Sizes are relative to the
 * image (per 1000 px of long edge) so a thumbnail and a 12 MP photo get the same result.
 */
export interface Look {
  grade: Grade;
  /**
   * Power curve on 0–1 values, 1 or more: deepens the mid-tones while black and white stay. (Only
   * darkening: sharp's brightening gamma step runs after the colour matrix, on float values it
   * would misread, so brighter moods use exposure and lift instead.)
   */
  tone: number;
  /** Gaussian blur sigma per 1000 px of long edge. */
  blur: number;
  kernel: Kernel;
  /** Mosaic block size as a fraction of the long edge; 0 for none. */
  pixelate: number;
}

export const NEUTRAL_LOOK: Look = {
  grade: IDENTITY,
  tone: 1,
  blur: 0,
  kernel: IDENTITY_KERNEL,
  pixelate: 0,
};

export function look(parts: Partial<Look>): Look {
  return { ...NEUTRAL_LOOK, ...parts };
}

/** Applies the looks in order: grades chain, curves multiply, blurs add as Gaussians do, kernel details add up. */
export function combineLooks(looks: readonly Look[]): Look {
  return looks.reduce(
    (sum, next) => ({
      grade: chain([sum.grade, next.grade]),
      tone: sum.tone * next.tone,
      blur: Math.hypot(sum.blur, next.blur),
      kernel: addKernels(sum.kernel, next.kernel),
      pixelate: Math.max(sum.pixelate, next.pixelate),
    }),
    NEUTRAL_LOOK,
  );
}

/** The look at `amount` (0–1) of its strength. */
export function weakenLook(full: Look, amount: number): Look {
  if (amount >= 1) return full;
  return {
    grade: weaken(full.grade, amount),
    tone: full.tone ** amount,
    blur: full.blur * amount,
    kernel: weakenKernel(full.kernel, amount),
    pixelate: full.pixelate * amount,
  };
}
