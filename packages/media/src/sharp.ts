import { availableParallelism } from 'node:os';
import sharp from 'sharp';

// One image at a time should use both cores of a small machine: libvips splits a pipeline into
// strips, so a 12 MP transform finishes sooner (sharp defaults to 1 thread on glibc without
// jemalloc). More than 4 threads per image brings little and costs memory.
sharp.concurrency(Math.min(4, availableParallelism()));
// Every upload is a different image: libvips' operation cache would only hold memory.
sharp.cache(false);

export { sharp };
export type { Sharp, SharpOptions } from 'sharp';
