import { defineConfig, mergeConfig } from 'vitest/config';
import { vitestPreset } from '@atelier/config/vitest';

// One run over every package: unit tests beside the code, integration tests under test/.
export default mergeConfig(
  vitestPreset,
  defineConfig({
    test: {
      include: [
        'packages/*/src/**/*.test.ts',
        'packages/*/test/**/*.test.ts',
        'apps/server/src/**/*.test.ts',
        'apps/server/test/**/*.test.ts',
        'apps/web/src/**/*.test.ts',
      ],
    },
  }),
);
