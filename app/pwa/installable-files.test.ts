import { readFileSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { precachedTranslations } from "../../scripts/pwa/build-files";
import { translationsVersion } from "~/i18n/i18n.server";
import { supportedLanguages } from "~/i18n/languages";
import { APP_ICONS, APPLE_TOUCH_ICON, BACKGROUND_COLOR } from "./addresses";
import { appIconSvg, drawingOf, ICON_FILES } from "./app-icons";
import { offlinePageHtml } from "./offline-page";
import type { OfflineTexts } from "./offline-texts";
import { webAppManifest } from "./web-app-manifest";

const localesDir = path.resolve(import.meta.dirname, "../../locales");
const offlineTexts = (language: string) =>
  JSON.parse(readFileSync(path.join(localesDir, language, "offline.json"), "utf8")) as OfflineTexts;

describe("web app manifests", () => {
  it("one per language: its name and description, one identity and start page for all", () => {
    const manifests = supportedLanguages.map((language) => webAppManifest(language, offlineTexts(language).manifest));
    expect(new Set(manifests.map((manifest) => manifest.name)).size).toBe(supportedLanguages.length);
    for (const manifest of manifests) {
      expect(manifest).toMatchObject({ id: "/exo", start_url: "/exo", scope: "/", display: "standalone" });
      expect(manifest.short_name.length).toBeLessThanOrEqual(12);
      expect(manifest.description.length).toBeGreaterThan(20);
    }
    expect(manifests[0]!.icons).toEqual([
      { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
      { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
      { src: "/icons/maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
    ]);
  });
});

describe("offline pages", () => {
  it("say what still works, in the language, with the stylesheet and no script", () => {
    const html = offlinePageHtml({
      language: "fr",
      texts: offlineTexts("fr").page,
      stylesheets: ["/assets/style-x.css"],
    });
    expect(html).toContain('<html lang="fr">');
    expect(html).toContain("<title>Hors ligne | Dynami</title>");
    expect(html).toContain('<link rel="stylesheet" href="/assets/style-x.css">');
    expect(html).toContain('<link rel="manifest" href="/manifest.fr.webmanifest">');
    expect(html).toContain('<h1 id="status-title">Pas de réseau pour l&#39;instant</h1>');
    expect(html.match(/<li>/g)).toHaveLength(3);
    // 'Réessayer' loads the very address the visitor asked for; the other button opens the builder.
    expect(html).toContain('<a href="" class="button button-primary">Réessayer</a>');
    expect(html).toContain('<a href="/exo" class="button button-ghost">S&#39;entraîner</a>');
    expect(html).not.toMatch(/<script|style=/i);
  });

  it("escape what the texts hold", () => {
    const texts = { ...offlineTexts("en").page, heading: '<img src=x onerror="alert(1)">' };
    const html = offlinePageHtml({ language: "en", texts, stylesheets: [] });
    expect(html).toContain("&lt;img src=x onerror=&quot;alert(1)&quot;&gt;");
    expect(html).not.toContain("<img");
  });
});

describe("app icons", () => {
  it("are drawn at their size: the maskable one and Apple's filled, the logo inside the safe circle", async () => {
    for (const icon of ICON_FILES) {
      const png = await sharp(Buffer.from(appIconSvg(icon.size, drawingOf(icon))))
        .png()
        .toBuffer();
      const { width, height, hasAlpha } = await sharp(png).metadata();
      expect([width, height]).toEqual([icon.size, icon.size]);
      expect(hasAlpha).toBe(true);
      const corner = await sharp(png).extract({ left: 0, top: 0, width: 1, height: 1 }).raw().toBuffer();
      const filled = icon.purpose === "maskable" || icon.path === APPLE_TOUCH_ICON.path;
      // A filled icon's corner is the page background; the others' corner is transparent.
      expect(corner[3]).toBe(filled ? 255 : 0);
      if (filled) expect(`#${corner.subarray(0, 3).toString("hex")}`).toBe(BACKGROUND_COLOR);
    }
    // The maskable logo stays within 80 % of the side (the circle a system may cut).
    expect(drawingOf(APP_ICONS[2]!).pebbles).toBeLessThanOrEqual(0.8 / Math.SQRT2 + 0.01);
  });
});

describe("translations the worker precaches", () => {
  it("are at the address the server answers them at (the same version)", () => {
    const entries = precachedTranslations(localesDir, ["workout", "workout-session"]);
    expect(entries).toHaveLength(supportedLanguages.length * 2);
    expect(entries).toContainEqual({ url: `/locales/${translationsVersion}/de/workout-session`, revision: null });
  });
});
