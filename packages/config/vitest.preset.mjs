import { defineConfig } from 'vitest/config';

/** Shared vitest settings: Node environment, generous time for database and image work. */
export const vitestPreset = defineConfig({
  test: {
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
  },
});
