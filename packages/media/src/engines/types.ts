import { REFERENCE_SLOT_IDS, type ColorChoices, type ReferenceSlotId, type Selection } from '@atelier/catalog';

/** The reference pictures a composite can take: the catalogue's list, one definition for both sides. */
export const REFERENCE_SLOTS = REFERENCE_SLOT_IDS;
export type ReferenceSlot = ReferenceSlotId;

/** The workflow editor's starting importances (spec, section 9). */
export const DEFAULT_REFERENCE_IMPORTANCE: Readonly<Record<ReferenceSlot, number>> = {
  face: 0.8,
  body: 0.7,
  environment: 0.6,
  style: 0.5,
};

export interface ReferenceImage {
  image: Buffer;
  /** 0.1 to 1. */
  importance: number;
}

export type ReferenceImages = Partial<Record<ReferenceSlot, ReferenceImage>>;

/** A piece of cloud work as it will likely be billed: its model ("owner/name") and list price. */
export interface CloudCost {
  model: string;
  /** US dollars, the model registry's price. */
  priceUsd: number;
}

export type OnStarted = (externalId: string, cost: CloudCost) => void | Promise<void>;

/** What a generation's list price is reckoned from, before it runs: the source's size and what is asked. */
export interface PriceQuote {
  size: { width: number; height: number };
  prompt: string;
  selection: Selection;
}

export interface ImageTransformRequest {
  image: Buffer;
  /** The instruction text: the studio's `style` text, or the workflow prompt. */
  prompt: string;
  /** The chosen options. When it names none, the options are read from `prompt`. */
  selection: Selection;
  colors?: ColorChoices;
  /** 0 to 1, default 1: how strongly the options apply. */
  intensity?: number;
  references?: ReferenceImages;
  /** The render's seed: another seed gives another variation, the same one the same picture. */
  seed?: number;
  /** Aborted when the generation is canceled. */
  signal?: AbortSignal;
  /** Told how far the work is, 0 to 1, when it is long enough to report, with the French name of its step when it has steps. */
  onProgress?: (fraction: number, stage?: string) => void;
  /** Told the cloud engine's id for each piece of this work (a Replicate prediction) as soon as it exists, with its list price. */
  onStarted?: OnStarted;
  /** The ids `onStarted` was told by an earlier attempt of the same work, in order: read again, not started again. */
  resume?: readonly string[];
}

/** An image we produced, with its size. */
export interface JpegImage {
  image: Buffer;
  width: number;
  height: number;
}

export interface TransformedImage extends JpegImage {
  /** The cloud models that made it, in order ("owner/name"); none for the local engine. */
  models?: string[];
}

export interface ImageEngine {
  readonly name: EngineName;
  transform(request: ImageTransformRequest): Promise<TransformedImage>;
  /** Why this engine does not render the selection, in French, asked before anything is charged; undefined when it does. */
  refusal?(selection: Selection): string | undefined;
  /** Stops work `onStarted` named, from any process (a cloud engine's prediction). */
  cancel?(externalId: string): Promise<void>;
  /** What the generation would cost at the cloud's list prices (US dollars); none for an engine that costs nothing per run. */
  listPriceUsd?(quote: PriceQuote): number;
}

export interface VideoRequest {
  /** The first frame. */
  image: Buffer;
  prompt: string;
  /** Seconds; the product makes 6-second clips. */
  duration: 6;
  resolution: '768p';
  seed?: number;
  /** Aborted when the generation is canceled. */
  signal?: AbortSignal;
  /** Told how far the clip is, 0 to 1, while it is made. */
  onProgress?: (fraction: number, stage?: string) => void;
  /** Told the cloud engine's id for this work (a Replicate prediction) as soon as it exists, with its list price. */
  onStarted?: OnStarted;
  /** The ids `onStarted` was told by an earlier attempt of the same work: read again, not started again. */
  resume?: readonly string[];
}

export interface GeneratedVideo {
  /** H.264 MP4. */
  video: Buffer;
  /** JPEG of the first frame. */
  poster: Buffer;
  /** The cloud model that made it; none for the local engine. */
  models?: string[];
}

export interface VideoEngine {
  readonly name: EngineName;
  generate(request: VideoRequest): Promise<GeneratedVideo>;
  /** Stops work `onStarted` named, from any process (a cloud engine's prediction). */
  cancel?(externalId: string): Promise<void>;
  /** What a clip from a picture of `size` would cost at the cloud's list prices (US dollars). */
  listPriceUsd?(quote: Pick<PriceQuote, 'size'>): number;
}

export type EngineName = 'local' | 'replicate';

/**
 * The reason a generation's signal gives when its process stops and hands the job to another:
 * its work outside the process (a cloud prediction) goes on, for the next attempt to read.
 */
export class WorkHandedOver extends Error {
  constructor() {
    super('the generation is handed over to another process');
  }
}
