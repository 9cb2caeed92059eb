import { defineConfig, devices } from "@playwright/test";

const port = Number(process.env.E2E_PORT ?? 3210);

// Debian's Chromium, never a downloaded browser; these flags keep it from
// reaching for the network this machine does not have.
export const chromiumLaunchOptions = {
  executablePath: "/usr/bin/chromium",
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
  ],
};

export default defineConfig({
  testDir: "./e2e",
  outputDir: `./.output/playwright-${port}`,
  fullyParallel: true,
  workers: 2,
  // One retry everywhere (CI runs `npm test` without CI=1): a test that fails
  // twice fails the run; one that passes on its retry is listed as flaky by npm test.
  retries: 1,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: [
    ["list"],
    ["json", { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ?? `./.output/playwright-${port}.json` }],
  ],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    launchOptions: chromiumLaunchOptions,
    locale: "fr-FR",
    trace: "retain-on-failure",
    // The service worker (offline pages, app/pwa/) is off except where a
    // spec turns it on (tests/e2e/offline.spec.ts): requests it answers
    // would bypass page.route(), and a copy it keeps must not leak from one
    // test to the next. E2E_SERVICE_WORKERS=allow runs every spec with it.
    serviceWorkers: process.env.E2E_SERVICE_WORKERS === "allow" ? "allow" : "block",
  },
  projects: [
    {
      name: "js",
      use: { ...devices["Desktop Chrome"], launchOptions: chromiumLaunchOptions, javaScriptEnabled: true },
    },
    {
      name: "no-js",
      use: { ...devices["Desktop Chrome"], launchOptions: chromiumLaunchOptions, javaScriptEnabled: false },
    },
  ],
  webServer: {
    command: "node scripts/e2e-server.mjs",
    cwd: "..",
    // Readiness: 503 while the app starts, so tests begin once it serves.
    url: `http://127.0.0.1:${port}/readyz`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: "pipe",
    env: { PORT: String(port) },
  },
});
