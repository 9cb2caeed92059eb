import { afterEach, describe, expect, it, vi } from "vitest";
import { CONTACT_RATE_LIMIT } from "~/domain/contact";
import { contactSchema } from "~/domain/contact-schema";
import { createTestApp, freshTestAppPerTest } from "~/testing/route-harness.server";
import { inboxMail, sendContactMessage } from "./contact.server.ts";

const input = contactSchema.parse({
  nom: "Camille Martin",
  email: "Camille@Example.fr",
  sujet: "Question sur Katch",
  message: "Bonjour,\noù trouver mon taux de masse grasse ?",
  consent: true,
});

const app = freshTestAppPerTest();
afterEach(() => {
  vi.restoreAllMocks();
});

/** The message above, sent in French from `clientAddress`. */
const send = (clientAddress: string, services = app.services) =>
  sendContactMessage(services, input, { clientAddress, locale: "fr" });

describe("sendContactMessage", () => {
  it("stores the message with its language and queues a mail to the site's inbox", async () => {
    const outcome = await sendContactMessage(app.services, input, { clientAddress: "10.0.0.1", locale: "de" });
    expect(outcome).toEqual({ status: "sent" });

    const [stored] = await app.services.store.contactMessages.listRecent(10);
    expect(stored).toMatchObject({
      nom: "Camille Martin",
      email: "camille@example.fr",
      sujet: "Question sur Katch",
      message: "Bonjour,\noù trouver mon taux de masse grasse ?",
      locale: "de",
    });

    const [mail] = await app.services.store.outbox.list({ limit: 10 });
    expect(mail).toMatchObject({
      to: "contact@dynami.local",
      subject: "[Dynami] Contact : Question sur Katch",
      status: "queued",
    });
    // Who wrote and where to answer come first: the outbox has no Reply-To.
    expect(mail!.text).toContain("De : Camille Martin <Camille@Example.fr>");
    expect(mail!.text).toContain("Répondre à : Camille@Example.fr");
    expect(mail!.text).toContain("Sujet : Question sur Katch");
    expect(mail!.text).toContain("Langue : de");
    expect(mail!.text).toContain("Bonjour,\noù trouver mon taux de masse grasse ?");
    expect(mail!.html).toContain('href="mailto:Camille@Example.fr"');
  });

  it("sends to CONTACT_TO when it is configured", async () => {
    const configured = await createTestApp({ CONTACT_TO: "equipe@dynami.example" });
    await send("10.0.0.2", configured.services);
    expect(configured.mails.map((mail) => mail.to)).toEqual(["equipe@dynami.example"]);
    await configured.close();
  });

  it(`accepts ${CONTACT_RATE_LIMIT.points} messages per address, then asks to wait`, async () => {
    for (let i = 0; i < CONTACT_RATE_LIMIT.points; i++) {
      expect(await send("10.0.0.3")).toEqual({ status: "sent" });
    }
    const limited = await send("10.0.0.3");
    expect(limited.status).toBe("rate-limited");
    if (limited.status === "rate-limited") {
      expect(limited.retryAfterSeconds).toBeGreaterThan(0);
      expect(limited.retryAfterSeconds).toBeLessThanOrEqual(CONTACT_RATE_LIMIT.windowSeconds);
    }
    expect(await app.services.store.contactMessages.listRecent(50)).toHaveLength(CONTACT_RATE_LIMIT.points);
    // Another address is not affected.
    expect(await send("10.0.0.4")).toEqual({ status: "sent" });
  });

  it("answers 'failed' (and logs) when the store or the mailer breaks", async () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    vi.spyOn(app.services.store.contactMessages, "add").mockRejectedValueOnce(new Error("disk full"));
    expect(await send("10.0.0.5")).toEqual({ status: "failed" });
    expect(app.mails).toEqual([]);

    vi.spyOn(app.services.mailer, "queue").mockRejectedValueOnce(new Error("outbox down"));
    expect(await send("10.0.0.5")).toEqual({ status: "failed" });
    expect(log).toHaveBeenCalledTimes(2);
  });
});

describe("inboxMail", () => {
  it("escapes what the visitor typed in the HTML part", () => {
    const mail = inboxMail("contact@dynami.local", {
      nom: "<b>Eve</b>",
      email: "eve@example.fr",
      sujet: "Salut & <script>",
      message: '"><img src=x onerror=alert(1)>',
      consent: true,
      locale: "fr",
      receivedAt: new Date("2026-03-01T10:00:00Z"),
    });
    expect(mail.html).not.toContain("<b>Eve</b>");
    expect(mail.html).not.toContain("<script>");
    expect(mail.html).not.toContain("<img");
    expect(mail.html).toContain("&lt;b&gt;Eve&lt;/b&gt;");
    expect(mail.text).toContain("Reçu le : 1 mars 2026 à 11:00");
  });
});
