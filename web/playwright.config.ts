import { execFileSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 8123);
/** Set E2E_BASE_URL to test a server that is already running (e.g. `vite preview`); none is started then. */
const externalBaseURL = process.env.E2E_BASE_URL;
const baseURL = externalBaseURL ?? `http://127.0.0.1:${port}`;
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** A free loopback port, asked for synchronously: the config is read before anything is awaited. */
function freePort(): number {
  const script =
    "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})";
  return Number(execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' }).trim());
}

// Decided once, in the runner, and inherited by the workers (which read this file again):
// the SMTP port the server sends to, the folder e2e/global-setup.ts files received mail in,
// and the server's data directory.
process.env.E2E_SMTP_PORT ??= String(freePort());
process.env.E2E_PORTAL_PORT ??= String(freePort());
process.env.E2E_WCS_PORT ??= String(freePort());
process.env.E2E_MAIL_DIR ??= path.join(os.tmpdir(), `geows-e2e-mail-${process.pid}-${Date.now()}`);
process.env.E2E_DATA_DIR ??= path.join(os.tmpdir(), `geows-e2e-${Date.now()}`);

/**
 * End-to-end journeys against the production server, started the README's way
 * (`npm start`) on a fresh data directory, in the system Chromium.
 */
/** Chromium's flags for every project; the viewer's add WebGL in software (SwiftShader) instead of no GPU. */
const chromiumArgs = [
  '--no-sandbox',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export default defineConfig({
  testDir: 'e2e',
  // A real SMTP server that captures the mails the server sends (activation, reset, codes).
  globalSetup: './e2e/global-setup.ts',
  outputDir: 'test-results',
  fullyParallel: false,
  forbidOnly: Boolean(process.env.CI),
  workers: 2,
  retries: 0,
  reporter: 'list',
  // Generous: this 2-core machine runs the server and two browsers at once, and its cores are slow.
  timeout: 120_000,
  expect: { timeout: 15_000 },
  use: {
    baseURL,
    locale: 'en-US',
    colorScheme: 'light',
    trace: 'retain-on-failure',
    // No WebGL at all outside the viewer project: the screens around a map are tested without
    // drawing it (a software globe would take a core per page); the map says it cannot be shown.
    launchOptions: {
      executablePath: chromiumPath,
      args: [...chromiumArgs, '--disable-gpu', '--disable-3d-apis'],
    },
  },
  projects: [
    {
      name: 'desktop',
      use: { viewport: { width: 1280, height: 800 } },
      testIgnore: [/mobile-.*\.spec\.ts/, /viewer.*\.spec\.ts/],
    },
    {
      name: 'mobile',
      use: { viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 },
      testMatch: /(mobile-.*|accessibility)\.spec\.ts/,
    },
    {
      // The 3D viewer: Cesium draws with WebGL, in software (SwiftShader; first globe about 3 s on 2 cores).
      name: 'viewer',
      testMatch: /viewer.*\.spec\.ts/,
      timeout: 180_000,
      // One software globe at a time: two SwiftShader globes on two cores starve each other
      // (a light and a dark screenshot at once drew 29 frames in two minutes).
      workers: 1,
      use: {
        viewport: { width: 1280, height: 800 },
        launchOptions: {
          executablePath: chromiumPath,
          args: [...chromiumArgs, '--use-angle=swiftshader', '--enable-unsafe-swiftshader'],
        },
      },
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
          DATA_DIR: process.env.E2E_DATA_DIR,
          SMTP_URL: `smtp://e2e:e2e@127.0.0.1:${process.env.E2E_SMTP_PORT}`,
          LOG_LEVEL: 'warn',
          SUPPORT_EMAIL: 'support@e2e.test',
          // The fake ArcGIS portal on loopback (e2e/fake-arcgis-portal.ts), which the server may fetch.
          FETCH_ALLOW_HOSTS: `127.0.0.1:${process.env.E2E_PORTAL_PORT},127.0.0.1:${process.env.E2E_WCS_PORT}`,
          // The built-in elevation profile's ground model: a fake AHN on loopback (e2e/fake-wcs.ts).
          ELEVATION_WCS_URL: `http://127.0.0.1:${process.env.E2E_WCS_PORT}/wcs`,
          // Page views go to a Plausible host that the fixtures intercept (e2e/fixtures.ts).
          ANALYTICS_PROVIDER: 'plausible',
          ANALYTICS_ID: 'e2e.test',
          ANALYTICS_HOST: 'https://plausible.e2e.test',
        },
      },
});
