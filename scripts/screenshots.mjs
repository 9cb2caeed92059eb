// Screenshots of pages as a person sees them: desktop and phone, light and
// dark. Usage: node scripts/screenshots.mjs http://127.0.0.1:3000 / /nope "/?lng=en"
// (npm run screenshots -- <base-url> <paths...>). Files go to tests/.output/screenshots.
// --login=<identifier>:<password> signs each page in first (the admin pages, say).
import { mkdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "@playwright/test";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const loginArgument = process.argv.slice(2).find((arg) => arg.startsWith("--login="));
const [baseUrl = "http://127.0.0.1:3000", ...paths] = process.argv.slice(2).filter((arg) => arg !== loginArgument);
const login = loginArgument ? /^--login=([^:]+):(.+)$/.exec(loginArgument) : null;
const outputDir = path.join(root, "tests/.output/screenshots");
mkdirSync(outputDir, { recursive: true });

const viewports = {
  desktop: { width: 1280, height: 900 },
  phone: { width: 390, height: 844 },
};

const browser = await chromium.launch({
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
});
try {
  for (const pagePath of paths.length ? paths : ["/"]) {
    for (const [device, viewport] of Object.entries(viewports)) {
      for (const scheme of ["light", "dark"]) {
        const context = await browser.newContext({
          viewport,
          colorScheme: scheme,
          locale: "fr-FR",
          deviceScaleFactor: 1,
        });
        if (login) {
          const response = await context.request.post(new URL("/api/login", baseUrl).href, {
            data: { identifier: login[1], password: login[2], remember: false },
          });
          if (!response.ok()) throw new Error(`Login as ${login[1]} failed: HTTP ${response.status()}`);
        }
        const page = await context.newPage();
        await page.goto(new URL(pagePath, baseUrl).href, { waitUntil: "networkidle" });
        const prefix = login ? `${login[1]}-` : "";
        const name = `${prefix}${pagePath.replace(/[^a-z0-9]+/gi, "_").replace(/^_|_$/g, "") || "home"}-${device}-${scheme}.png`;
        await page.screenshot({ path: path.join(outputDir, name), fullPage: true });
        console.log(path.join(outputDir, name));
        await context.close();
      }
    }
  }
} finally {
  await browser.close();
}
