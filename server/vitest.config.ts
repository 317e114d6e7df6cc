import { defineProject } from 'vitest/config';

export default defineProject({
  resolve: { conditions: ['source'] },
  ssr: { resolve: { conditions: ['source'] } },
  test: {
    name: 'server',
    include: ['src/**/*.test.ts'],
    env: { TEST_DB: 'pglite' },
    testTimeout: 90_000,
    hookTimeout: 120_000,
  },
});
