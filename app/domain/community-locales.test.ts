import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { NEWSLETTER_ADMIN_MESSAGES, NEWSLETTER_SIGNUP_MESSAGES } from "./newsletter";
import { REVIEW_ADMIN_MESSAGES, REVIEW_MESSAGES } from "./reviews";

const read = (file: string) =>
  JSON.parse(readFileSync(path.resolve(import.meta.dirname, "../../locales/fr", file), "utf8")) as Record<
    string,
    Record<string, Record<string, unknown>>
  >;

// The server answers in French from the domain; the pages show the same
// texts from the translations: the French ones must be the same words.
describe("community texts", () => {
  it("repeats the domain's French messages in locales/fr", () => {
    const community = read("community.json");
    const admin = read("admin.json");
    expect(community.reviews!.errors).toEqual(REVIEW_MESSAGES);
    expect(community.newsletter!.messages).toEqual(NEWSLETTER_SIGNUP_MESSAGES);
    expect(admin.reviews!.messages).toEqual(REVIEW_ADMIN_MESSAGES);
    expect(admin.newsletter!.messages).toEqual(NEWSLETTER_ADMIN_MESSAGES);
  });

  it("names the admin tabs and statuses as the spec does", () => {
    const admin = read("admin.json");
    expect(admin.tabs).toMatchObject({ reviews: "Gestion des avis", newsletter: "Rédaction de la newsletter" });
    expect(admin.backToSite).toBe("Retour au site");
    expect(admin.newsletter!.status).toEqual({
      draft: "Brouillon",
      scheduled: "Programmée",
      sent: "Envoyée",
      failed: "Échec",
    });
    expect(admin.newsletter!.emptyTab).toBe("Aucune newsletter créée pour le moment.");
    expect(admin.newsletter!.empty).toBe("Aucune newsletter");
    expect(admin.reviews!.empty).toBe("Aucun avis");
    expect(read("community.json").reviews!.leaveReview).toBe("Laisser un avis");
  });
});
