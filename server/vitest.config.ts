import { defineProject } from 'vitest/config';

export default defineProject({
  resolve: { conditions: ['source'] },
  ssr: { resolve: { conditions: ['source'] } },
  test: {
    name: 'server',
    include: ['src/**/*.test.ts'],
    env: { TEST_DB: 'pglite' },
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
