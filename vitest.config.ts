import { defineConfig } from 'vitest/config';

/**
 * One run covers every package. The server's API tests run on PGlite, and a second
 * time on PostgreSQL when TEST_DATABASE_URL is set (CI sets it).
 */
export default defineConfig({
  test: {
    projects: [
      'packages/contract',
      'server/vitest.config.ts',
      ...(process.env.TEST_DATABASE_URL ? ['server/vitest.postgres.config.ts'] : []),
      'web',
      // Repository-wide rules (the linter's import boundaries).
      { test: { name: 'repo', include: ['scripts/**/*.test.mjs'] } },
    ],
  },
});
