import { defineConfig, mergeConfig } from 'vitest/config';
import { vitestPreset } from '@atelier/config/vitest';

/** The files that measure the event loop's lag: each runs in a process of its own (see below). */
const MEASURES_THE_EVENT_LOOP = [
  'packages/media/src/engines/local/costume/dress.test.ts',
  'packages/media/src/engines/local/styles/stylise.test.ts',
  'packages/media/src/models/analyse.test.ts',
];

// One run over every package: unit tests beside the code, integration tests under test/.
export default mergeConfig(
  vitestPreset,
  defineConfig({
    test: {
      // Vitest leaves a core to the machine by default: one file at a time on two cores. Most files
      // wait on a database, Redis or a socket for much of their time, so two share two cores well.
      maxWorkers: 2,
      globalSetup: ['packages/db/test/support/schema-template.ts'],
      projects: [
        {
          extends: true,
          test: {
            name: 'shared',
            include: [
              'packages/*/src/**/*.test.ts',
              'packages/*/test/**/*.test.ts',
              'apps/server/src/**/*.test.ts',
              'apps/server/test/**/*.test.ts',
              'apps/web/src/**/*.test.ts',
            ],
            exclude: MEASURES_THE_EVENT_LOOP,
            // A worker runs file after file in one process: each file no longer loads sharp, the
            // models and the app anew (8 CPU-minutes a run instead of 14.5). No test file changes
            // process.env or mocks a module, and each opens its own database, folders and Redis prefix.
            isolate: false,
          },
        },
        {
          extends: true,
          // A process of its own: the heap that earlier files leave behind would add its garbage
          // collections to the main thread's stalls these files measure.
          test: { name: 'event-loop', include: MEASURES_THE_EVENT_LOOP, isolate: true },
        },
      ],
    },
  }),
);
