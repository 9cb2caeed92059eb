import { describe, expect, it } from "vitest";
import {
  dateToWallTime,
  isNewsletterLocked,
  looksLikeNewsletterEmail,
  NEWSLETTER_ADMIN_MESSAGES,
  NEWSLETTER_LIMITS,
  NEWSLETTER_SENDING,
  NEWSLETTER_TIMINGS,
  parseNewsletterEmail,
  parseScheduledDate,
  wallTimeToDate,
} from "./newsletter.ts";
import { createNewsletterSchema, newsletterSchema } from "./newsletter-schema.ts";

const valid = {
  title: "Printemps",
  subject: "Tes séances de printemps",
  content: "<p>Bonjour</p>",
  scheduledDate: "2026-04-01T09:30",
  status: "scheduled",
};

/** Built per call, so a check reads the schema's rules as they are when it runs. */
function firstMessage(input: unknown): string | undefined {
  const result = createNewsletterSchema().safeParse(input);
  return result.success ? undefined : result.error.issues[0]?.message;
}

describe("newsletter sign-up rule", () => {
  it("follows the spec on the client: non-empty with an '@'", () => {
    expect(looksLikeNewsletterEmail("a@b")).toBe(true);
    expect(looksLikeNewsletterEmail("  ")).toBe(false);
    expect(looksLikeNewsletterEmail("ab.fr")).toBe(false);
  });

  it("needs a plausible address on the server, lowercased and trimmed", () => {
    expect(parseNewsletterEmail("  Lea@Example.FR ")).toBe("lea@example.fr");
    for (const bad of ["", "a@b", "ab.fr", "a b@c.fr", `${"a".repeat(250)}@x.fr`, null, 42, { $gt: "" }]) {
      expect(parseNewsletterEmail(bad)).toBeNull();
    }
  });

  it("keeps the spec's timings and the sending constants", () => {
    expect(NEWSLETTER_TIMINGS).toEqual({ signupResetMs: 5000, adminMessageMs: 3000 });
    // Within a minute of its time, whatever the lease.
    expect(NEWSLETTER_SENDING.pollIntervalMs).toBeLessThanOrEqual(60_000);
  });
});

describe("newsletter form rules", () => {
  it("accepts a complete newsletter, the date read as a wall time of Paris", () => {
    const parsed = newsletterSchema.parse({ ...valid, title: "  Printemps  \n" });
    expect(parsed).toMatchObject({ title: "Printemps", status: "scheduled", content: "<p>Bonjour</p>" });
    // 1 April 2026, summer time in Paris (UTC+2).
    expect(parsed.scheduledDate.toISOString()).toBe("2026-04-01T07:30:00.000Z");
  });

  it("requires every field, with the first failing field's message", () => {
    expect(firstMessage({ ...valid, title: " " })).toBe(NEWSLETTER_ADMIN_MESSAGES.titleRequired);
    expect(firstMessage({ ...valid, subject: "" })).toBe(NEWSLETTER_ADMIN_MESSAGES.subjectRequired);
    expect(firstMessage({ ...valid, content: "" })).toBe(NEWSLETTER_ADMIN_MESSAGES.contentRequired);
    expect(firstMessage({ ...valid, scheduledDate: "" })).toBe(NEWSLETTER_ADMIN_MESSAGES.dateRequired);
    expect(firstMessage({ ...valid, scheduledDate: "demain" })).toBe(NEWSLETTER_ADMIN_MESSAGES.dateInvalid);
    expect(firstMessage({ ...valid, scheduledDate: "2026-02-30T10:00" })).toBe(NEWSLETTER_ADMIN_MESSAGES.dateInvalid);
    expect(firstMessage({ ...valid, status: "sent" })).toBe(NEWSLETTER_ADMIN_MESSAGES.statusInvalid);
    expect(firstMessage({ ...valid, status: undefined })).toBe(NEWSLETTER_ADMIN_MESSAGES.statusInvalid);
    expect(firstMessage({ ...valid, title: { $gt: "" } })).toBe(NEWSLETTER_ADMIN_MESSAGES.titleRequired);
    expect(firstMessage("nope")).toBe(NEWSLETTER_ADMIN_MESSAGES.titleRequired);
  });

  it("caps the lengths", () => {
    expect(firstMessage({ ...valid, title: "t".repeat(NEWSLETTER_LIMITS.title + 1) })).toBe(
      NEWSLETTER_ADMIN_MESSAGES.titleTooLong,
    );
    expect(firstMessage({ ...valid, subject: "s".repeat(NEWSLETTER_LIMITS.subject + 1) })).toBe(
      NEWSLETTER_ADMIN_MESSAGES.subjectTooLong,
    );
    expect(firstMessage({ ...valid, content: "c".repeat(NEWSLETTER_LIMITS.content + 1) })).toBe(
      NEWSLETTER_ADMIN_MESSAGES.contentTooLong,
    );
  });

  it("keeps the spec's exact texts", () => {
    expect(NEWSLETTER_ADMIN_MESSAGES).toMatchObject({
      created: "Newsletter créée !",
      updated: "Newsletter mise à jour !",
      deleted: "Newsletter supprimée !",
      saveError: "Erreur lors de la sauvegarde",
      deleteError: "Erreur lors de la suppression",
      sessionExpired: "Session expirée ou accès refusé",
    });
  });

  it("locks a newsletter that is sending or sent", () => {
    expect(["draft", "scheduled", "sending", "sent", "failed"].map((s) => isNewsletterLocked(s as never))).toEqual([
      false,
      false,
      true,
      true,
      false,
    ]);
  });

  it("speaks another language when given its messages", () => {
    const english = Object.fromEntries(
      Object.keys(NEWSLETTER_ADMIN_MESSAGES).map((key) => [key, `en:${key}`]),
    ) as Record<keyof typeof NEWSLETTER_ADMIN_MESSAGES, string>;
    expect(createNewsletterSchema(english).safeParse({ ...valid, subject: "" }).error?.issues[0]?.message).toBe(
      "en:subjectRequired",
    );
  });
});

describe("scheduled dates", () => {
  it("reads ISO instants with an offset as they are", () => {
    expect(parseScheduledDate("2026-01-15T08:00:00.000Z")?.toISOString()).toBe("2026-01-15T08:00:00.000Z");
    expect(parseScheduledDate("2026-01-15T09:00:00+01:00")?.toISOString()).toBe("2026-01-15T08:00:00.000Z");
  });

  it("reads form values as Paris time, winter and summer", () => {
    expect(wallTimeToDate("2026-01-15T09:00")?.toISOString()).toBe("2026-01-15T08:00:00.000Z");
    expect(wallTimeToDate("2026-07-15T09:00")?.toISOString()).toBe("2026-07-15T07:00:00.000Z");
    expect(wallTimeToDate("2026-07-15T09:00", "UTC")?.toISOString()).toBe("2026-07-15T09:00:00.000Z");
    // 02:30 does not exist on 29 March 2026 in Paris: it becomes 03:30 summer time.
    expect(wallTimeToDate("2026-03-29T02:30")?.toISOString()).toBe("2026-03-29T01:30:00.000Z");
  });

  it("writes instants back as Paris wall times, and round-trips", () => {
    expect(dateToWallTime(new Date("2026-01-15T08:00:00.000Z"))).toBe("2026-01-15T09:00");
    expect(dateToWallTime(new Date("2026-07-15T07:00:00.000Z"))).toBe("2026-07-15T09:00");
    for (const value of ["2026-10-25T01:15", "2026-12-31T23:59", "2027-06-01T00:00"]) {
      expect(dateToWallTime(wallTimeToDate(value)!)).toBe(value);
    }
  });

  it("refuses anything else", () => {
    for (const bad of ["", "2026-13-01T10:00", "2026-01-01", "2026-01-01T25:00", "x".repeat(100), 5, null]) {
      expect(parseScheduledDate(bad)).toBeNull();
    }
  });
});

describe("newsletter form normalisation", () => {
  it("keeps the title and subject on one line, runs of spaces collapsed", () => {
    const parsed = createNewsletterSchema().parse({
      ...valid,
      title: "Printemps \t  2026",
      subject: "Tes\nséances  du   mois",
    });
    expect(parsed.title).toBe("Printemps 2026");
    expect(parsed.subject).toBe("Tes séances du mois");
  });

  it("reads the date as an instant", () => {
    expect(createNewsletterSchema().parse(valid).scheduledDate).toEqual(new Date("2026-04-01T07:30:00.000Z"));
  });

  it("writes the content's line breaks as \\n and trims it", () => {
    expect(
      createNewsletterSchema().parse({ ...valid, content: "  <p>Un</p>\r\n<p>Deux</p>\r<p>Trois</p>\n " }).content,
    ).toBe("<p>Un</p>\n<p>Deux</p>\n<p>Trois</p>");
  });

  it("reads a content or a date that is not a string as missing", () => {
    expect(firstMessage({ ...valid, content: 42 })).toBe(NEWSLETTER_ADMIN_MESSAGES.contentRequired);
    expect(firstMessage({ ...valid, content: ["<p>x</p>"] })).toBe(NEWSLETTER_ADMIN_MESSAGES.contentRequired);
    expect(firstMessage({ ...valid, scheduledDate: 1_780_000_000_000 })).toBe(NEWSLETTER_ADMIN_MESSAGES.dateRequired);
    expect(firstMessage({ ...valid, scheduledDate: "   " })).toBe(NEWSLETTER_ADMIN_MESSAGES.dateRequired);
  });

  it("reports a date problem on the date field only", () => {
    const missing = createNewsletterSchema().safeParse({ ...valid, scheduledDate: "" });
    expect(missing.error?.issues.map((issue) => ({ code: issue.code, path: issue.path }))).toEqual([
      { code: "custom", path: ["scheduledDate"] },
    ]);
    const result = createNewsletterSchema().safeParse({ ...valid, scheduledDate: "demain" });
    expect(
      result.error?.issues.map((issue) => ({ code: issue.code, path: issue.path, message: issue.message })),
    ).toEqual([{ code: "custom", path: ["scheduledDate"], message: NEWSLETTER_ADMIN_MESSAGES.dateInvalid }]);
  });
});

describe("scheduled dates at the edges", () => {
  it("ignores spaces around a form value", () => {
    expect(parseScheduledDate(" 2026-01-15T09:00 ")?.toISOString()).toBe("2026-01-15T08:00:00.000Z");
  });

  it("refuses a two-digit year that Date.UTC would read as 19xx", () => {
    expect(wallTimeToDate("0050-01-01T10:00")).toBeNull();
    expect(wallTimeToDate("2050-01-01T10:00", "UTC")?.toISOString()).toBe("2050-01-01T10:00:00.000Z");
  });
});
