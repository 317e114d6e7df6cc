import { defineProject } from 'vitest/config';

/** The same API tests on a real PostgreSQL server (the root config includes it only when TEST_DATABASE_URL is set). */
export default defineProject({
  resolve: { conditions: ['source'] },
  ssr: { resolve: { conditions: ['source'] } },
  test: {
    name: 'server-postgres',
    include: ['src/**/*.api.test.ts'],
    env: { TEST_DB: 'postgres' },
    testTimeout: 90_000,
    hookTimeout: 120_000,
  },
});
