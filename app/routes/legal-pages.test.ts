import { readFileSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { supportedLanguages } from "~/i18n/languages";
import { callRoute, createTestApp, type TestApp } from "~/testing/route-harness.server";
import * as mentionsRoute from "./mentions-legales.tsx";

// The legal notice names its publisher and host from the operator's settings
// (LEGAL_* variables), a placeholder naming the setting where one is unset;
// the privacy policy's minimum age follows each country.

let app: TestApp | null = null;
afterEach(async () => {
  await app?.close();
  app = null;
});

async function mentions(env: Record<string, string>, query = "") {
  app = await createTestApp(env);
  const response = await callRoute(
    mentionsRoute.loader as never,
    new Request(`http://localhost:3000/mentions-legales${query}`),
    { context: app.context() },
  );
  expect(response.status).toBe(200);
  return (await response.json()) as { publisherAndHost: Record<string, string> };
}

const legal = (language: string) =>
  JSON.parse(readFileSync(path.resolve(import.meta.dirname, "../../locales", language, "legal.json"), "utf8")) as {
    mentions: { sections: Record<string, { paragraphs: string[] }> };
    privacy: { sections: { minors: { paragraphs: string[] } } };
  };

describe("the legal notice", () => {
  it("names the publisher and the host the operator set", async () => {
    const data = await mentions({
      LEGAL_PUBLISHER_NAME: "  Dynami SAS ",
      LEGAL_PUBLISHER_ADDRESS: "12 rue des Galets, 69001 Lyon",
      LEGAL_PUBLICATION_DIRECTOR: "Camille Martin",
      LEGAL_HOST_NAME: "Hébergeur Exemple",
      LEGAL_HOST_ADDRESS: "1 avenue du Cloud, 75000 Paris",
      LEGAL_HOST_PHONE: "+33 1 23 45 67 89",
    });
    expect(data.publisherAndHost).toEqual({
      publisherName: "Dynami SAS",
      publisherAddress: "12 rue des Galets, 69001 Lyon",
      publicationDirector: "Camille Martin",
      hostName: "Hébergeur Exemple",
      hostAddress: "1 avenue du Cloud, 75000 Paris",
      hostPhone: "+33 1 23 45 67 89",
    });
  });

  it("shows a placeholder naming the setting to fill where one is not set, in the page's language", async () => {
    const french = await mentions({ LEGAL_HOST_NAME: "Hébergeur Exemple" });
    expect(french.publisherAndHost.hostName).toBe("Hébergeur Exemple");
    expect(french.publisherAndHost.publisherName).toBe(
      "[à renseigner par l'exploitant du site\u00a0: LEGAL_PUBLISHER_NAME]",
    );
    expect(french.publisherAndHost.hostPhone).toMatch(/LEGAL_HOST_PHONE\]$/);
    await app!.close();
    const german = await mentions({}, "?lng=de");
    expect(german.publisherAndHost.publicationDirector).toBe(
      "[vom Betreiber der Website einzutragen: LEGAL_PUBLICATION_DIRECTOR]",
    );
  });

  it.each(supportedLanguages)("says who publishes and who hosts in every language (%s)", (language) => {
    const { sections } = legal(language).mentions;
    const publisher = sections.publisher!.paragraphs.join(" ");
    for (const value of ["publisherName", "publisherAddress", "publicationDirector", "email"])
      expect(publisher).toContain(`{{${value}}}`);
    const hosting = sections.hosting!.paragraphs.join(" ");
    for (const value of ["hostName", "hostAddress", "hostPhone"]) expect(hosting).toContain(`{{${value}}}`);
  });
});

describe("the privacy policy's minimum age", () => {
  // The age from which a child consents alone (GDPR art. 8, as each country set it).
  const ages: Record<string, [RegExp, RegExp, RegExp]> = {
    fr: [/15 ans en France/, /16 ans en Allemagne/, /14 ans en Espagne/],
    en: [/15 in France/, /16 in Germany/, /14 in Spain/],
    de: [/16 in Deutschland/, /15 in Frankreich/, /14 in Spanien/],
    es: [/14 años en España/, /15 en Francia/, /16 en Alemania/],
  };
  it.each(supportedLanguages)("follows each country: France 15, Germany 16, Spain 14 (%s)", (language) => {
    const text = legal(language).privacy.sections.minors.paragraphs.join(" ");
    for (const age of ages[language]!) expect(text).toMatch(age);
  });
});
