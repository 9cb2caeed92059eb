import { describe, expect, it } from "vitest";
import { CONTACT_MESSAGES, CONTACT_RATE_LIMIT } from "~/domain/contact";
import { callRoute, freshTestAppPerTest, jsonRequest } from "~/testing/route-harness.server";
import * as contactRoute from "./contact.ts";

const app = freshTestAppPerTest();

const valid = {
  nom: "Jules",
  email: "jules@example.fr",
  sujet: "Bravo",
  message: "Super appli, merci !",
  consent: true,
  captchaToken: null,
};

async function post(body: unknown, { clientAddress = "1.2.3.4", url = "/api/contact", headers = {} } = {}) {
  const response = await callRoute(contactRoute.action as never, jsonRequest(url, body, { headers }), {
    context: app.context(clientAddress),
  });
  return {
    status: response.status,
    headers: response.headers,
    body: (await response.json()) as Record<string, unknown>,
  };
}

describe("POST /api/contact", () => {
  it("answers 201 with the spec's success message, stores the message and mails the inbox", async () => {
    const answer = await post(valid);
    expect(answer).toMatchObject({ status: 201, body: { success: true, message: "Message envoyé ✔" } });
    const stored = await app.services.store.contactMessages.listRecent(5);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ nom: "Jules", email: "jules@example.fr", sujet: "Bravo", locale: "fr" });
    const outbox = await app.services.store.outbox.list({ limit: 5 });
    expect(outbox).toHaveLength(1);
    expect(outbox[0]).toMatchObject({ to: "contact@dynami.local" });
    expect(outbox[0]!.text).toContain("Super appli, merci !");
  });

  it("keeps the visitor's language with the message, but answers in French", async () => {
    const answer = await post(valid, { url: "/api/contact?lng=es" });
    expect(answer.body.message).toBe("Message envoyé ✔");
    expect((await app.services.store.contactMessages.listRecent(1))[0]?.locale).toBe("es");
  });

  it("answers 400 with the first failing field's message, in the form's order", async () => {
    const cases: [unknown, string][] = [
      [{}, CONTACT_MESSAGES.nomRequired],
      [{ ...valid, nom: "  " }, "Ton nom est requis."],
      [{ ...valid, email: undefined }, "Ton e-mail est requis."],
      [{ ...valid, email: "jules@" }, "Email invalide."],
      [{ ...valid, sujet: "" }, "Un sujet est requis."],
      [{ ...valid, message: "" }, "Ton message est vide."],
      [{ ...valid, consent: false }, "Merci d'accepter la politique de confidentialité."],
      [{ ...valid, consent: undefined }, "Merci d'accepter la politique de confidentialité."],
      [{ ...valid, email: "x", sujet: "" }, "Email invalide."],
      [{ ...valid, message: "m".repeat(5001) }, "Ton message est trop long (5000 caractères maximum)."],
    ];
    for (const [body, message] of cases) {
      expect(await post(body)).toMatchObject({ status: 400, body: { message } });
    }
    expect(await app.services.store.contactMessages.listRecent(5)).toEqual([]);
    expect(await app.services.store.outbox.list({ limit: 5 })).toEqual([]);
  });

  it("never crashes on wrong types or operator objects: 400, nothing stored", async () => {
    const cases: [unknown, string][] = [
      [{ ...valid, nom: 12 }, "Ton nom est requis."],
      [{ ...valid, nom: ["Jules"] }, "Ton nom est requis."],
      [{ ...valid, email: { $gt: "" } }, "Ton e-mail est requis."],
      [{ ...valid, sujet: { $ne: null } }, "Un sujet est requis."],
      [{ ...valid, message: true }, "Ton message est vide."],
      [{ ...valid, consent: { $exists: true } }, "Merci d'accepter la politique de confidentialité."],
      [[valid], "Ton nom est requis."],
      ["null", "Ton nom est requis."],
      ['"texte"', "Ton nom est requis."],
      ["42", "Ton nom est requis."],
    ];
    for (const [body, message] of cases) {
      expect(await post(body)).toMatchObject({ status: 400, body: { message } });
    }
    expect(await app.services.store.contactMessages.listRecent(5)).toEqual([]);
  });

  it("answers 400 to a body that is not JSON and 413 to a body over 1 MB", async () => {
    expect(await post("{nom: 'Jules'")).toMatchObject({
      status: 400,
      body: { message: "Corps de requête JSON invalide." },
    });
    const huge = JSON.stringify({ ...valid, message: "x".repeat(1024 * 1024 + 10) });
    expect((await post(huge)).status).toBe(413);
  });

  it(`answers 429 with Retry-After after ${CONTACT_RATE_LIMIT.points} messages from one address`, async () => {
    for (let i = 0; i < CONTACT_RATE_LIMIT.points; i++) {
      expect((await post(valid, { clientAddress: "5.6.7.8" })).status).toBe(201);
    }
    const limited = await post(valid, { clientAddress: "5.6.7.8" });
    expect(limited).toMatchObject({ status: 429, body: { message: CONTACT_MESSAGES.tooManyRequests } });
    expect(Number(limited.headers.get("Retry-After"))).toBeGreaterThan(0);
    // Invalid submissions do not count, and other addresses are not affected.
    expect((await post({}, { clientAddress: "9.9.9.9" })).status).toBe(400);
    expect((await post(valid, { clientAddress: "9.9.9.9" })).status).toBe(201);
  });

  it("answers 405 to other methods", async () => {
    const response = await callRoute(contactRoute.loader as never, new Request("http://localhost:3000/api/contact"), {
      context: app.context(),
    });
    expect(response.status).toBe(405);
  });
});
