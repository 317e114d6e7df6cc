import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 8123);
/** Set E2E_BASE_URL to test a server that is already running (e.g. `vite preview`); none is started then. */
const externalBaseURL = process.env.E2E_BASE_URL;
const baseURL = externalBaseURL ?? `http://127.0.0.1:${port}`;
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * End-to-end journeys against the production server, started the README's way
 * (`npm start`) on a fresh data directory, in the system Chromium.
 */
export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results',
  fullyParallel: false,
  forbidOnly: Boolean(process.env.CI),
  workers: 2,
  retries: 0,
  reporter: 'list',
  timeout: 30_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL,
    locale: 'en-US',
    colorScheme: 'light',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    {
      name: 'desktop',
      use: { viewport: { width: 1280, height: 800 } },
      testIgnore: /mobile-.*\.spec\.ts/,
    },
    {
      name: 'mobile',
      use: { viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 },
      testMatch: /(mobile-.*|accessibility)\.spec\.ts/,
    },
  ],
  webServer: externalBaseURL
    ? undefined
    : {
        command: 'npm start',
        cwd: repoRoot,
        url: `${baseURL}/healthz`,
        reuseExistingServer: false,
        timeout: 180_000,
        stdout: 'ignore',
        stderr: 'pipe',
        env: {
          PORT: String(port),
          HOST: '127.0.0.1',
          DATA_DIR: path.join(os.tmpdir(), `geows-e2e-${Date.now()}`),
          LOG_LEVEL: 'warn',
          SUPPORT_EMAIL: 'support@e2e.test',
          // Page views go to a Plausible host that the fixtures intercept (e2e/fixtures.ts).
          ANALYTICS_PROVIDER: 'plausible',
          ANALYTICS_ID: 'e2e.test',
          ANALYTICS_HOST: 'https://plausible.e2e.test',
        },
      },
});
