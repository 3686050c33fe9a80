import { defineConfig, devices } from '@playwright/test';

// scripts/e2e.mjs picks a free port and a fresh data directory, builds the app, then runs this.
const port = Number(process.env.E2E_PORT ?? 3999);
const smtpPort = Number(process.env.E2E_SMTP_PORT ?? 3998);
const mailPort = Number(process.env.E2E_MAIL_PORT ?? 3997);

export default defineConfig({
  testDir: './tests/e2e',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 45_000,
  expect: { timeout: 7_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
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
  projects: [{ name: 'desktop', use: { ...devices['Desktop Chrome'], viewport: { width: 1366, height: 900 } } }],
  webServer: [
    {
      // A real SMTP server; tests read what it received at E2E_MAIL_PORT (tests/e2e/support/mail.ts).
      command: `node ../../apps/api/src/test/smtp-sink.ts ${smtpPort} ${mailPort}`,
      url: `http://127.0.0.1:${mailPort}/health`,
      reuseExistingServer: false,
      timeout: 30_000,
      stdout: 'ignore',
    },
    {
      command: 'node ../../apps/api/src/server.ts',
      url: `http://127.0.0.1:${port}/api/health`,
      reuseExistingServer: false,
      timeout: 180_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        PORT: String(port),
        HOST: '127.0.0.1',
        NODE_ENV: 'test',
        LOG_LEVEL: 'warn',
        DATA_DIR: process.env.E2E_DATA_DIR ?? '',
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        SEED_SCALE: process.env.SEED_SCALE ?? '0.2',
        SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
        MAIL_RETRY_BASE_MS: '200',
        // Left carts are looked for every 2 s, so a reminder set to a minute arrives about then.
        REMINDER_SWEEP_MS: '2000',
        SHUTDOWN_DRAIN_MS: '0',
        // Every test here is one client (127.0.0.1), and the sitemap crawl alone asks for thousands of
        // pages: the per-visitor page ceiling is tested on a store of its own (crawl.spec.ts).
        PAGE_RATE_LIMIT_MAX: '100000',
        // Likewise every staff sign-in of the suite comes from that one client, more than 30 within the
        // quarter hour the ceiling counts; the ceiling itself is tested in the API suites (security.test.ts).
        RATE_LIMIT_AUTH_MAX: '1000',
        // The stone-media test's supplier server (a port on this machine the store may fetch from).
        FEED_FETCH_ALLOW: `127.0.0.1:${process.env.E2E_MEDIA_PORT ?? 3996}`,
      },
    },
  ],
});
