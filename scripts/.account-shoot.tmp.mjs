// Viewport screenshots of the account dialog (and signed-in states).
import { chromium } from "@playwright/test";
const base = "http://127.0.0.1:3333";
const out = "/work/main/tests/.output/screenshots/account";
import { mkdirSync } from "node:fs";
mkdirSync(out, { recursive: true });
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu"] });
const viewports = { desktop: { width: 1280, height: 900 }, phone: { width: 390, height: 844 } };
const [mode = "plain", ...paths] = process.argv.slice(2);
for (const [device, viewport] of Object.entries(viewports)) {
  for (const scheme of ["light", "dark"]) {
    const context = await browser.newContext({ viewport, colorScheme: scheme, locale: "fr-FR", javaScriptEnabled: mode !== "nojs" });
    const page = await context.newPage();
    await page.goto(base + "/");
    await page.evaluate(() => document.cookie = "cookie_consent=necessary; path=/");
    if (mode === "login" || mode === "admin") {
      const res = await page.request.post(base + "/compte", { form: { intent: "login", identifier: mode === "admin" ? "admin" : "demo", password: mode === "admin" ? "admin-dynami-2026" : "demo-dynami-2026", redirectTo: "/" }, headers: { Origin: base } });
    }
    for (const p of paths) {
      await page.goto(base + p, { waitUntil: "networkidle" });
      await page.waitForTimeout(400);
      const name = `${mode}-${p.replace(/[^a-z0-9]+/gi, "_").replace(/^_|_$/g, "") || "home"}-${device}-${scheme}.png`;
      await page.screenshot({ path: `${out}/${name}` });
      console.log(name);
    }
    await context.close();
  }
}
await browser.close();
