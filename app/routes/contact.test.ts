import { afterEach, describe, expect, it, vi } from "vitest";
import { CONTACT_RATE_LIMIT } from "~/domain/contact";
import { callRoute, freshTestAppPerTest } from "~/testing/route-harness.server";
import * as contactPage from "./contact.tsx";

// The /contact page action, as a browser without JavaScript posts it.

const app = freshTestAppPerTest();
afterEach(() => {
  vi.restoreAllMocks();
});

const filled = { nom: "Ana", email: "ana@example.es", sujet: "Hola", message: "Una pregunta", consent: "on" };

interface PageAnswer {
  status: number;
  body: {
    status: string;
    message?: string;
    result?: {
      status?: string;
      initialValue?: Record<string, unknown> | null;
      error?: Record<string, string[] | null>;
    };
  };
}

async function submit(
  fields: Record<string, string>,
  { clientAddress = "1.1.1.1", cookie = "", origin = "" } = {},
): Promise<PageAnswer> {
  const headers = new Headers();
  if (cookie) headers.set("Cookie", cookie);
  if (origin) headers.set("Origin", origin);
  const request = new Request("http://localhost:3000/contact", {
    method: "POST",
    headers,
    body: new URLSearchParams(fields),
  });
  const response = await callRoute(contactPage.action as never, request, { context: app.context(clientAddress) });
  return { status: response.status, body: (await response.json()) as PageAnswer["body"] };
}

describe("/contact page action", () => {
  it("answers 400 with each field's French message and keeps what was typed", async () => {
    const answer = await submit({ nom: "", email: "ana@", sujet: "", message: "  " });
    expect(answer.status).toBe(400);
    expect(answer.body.status).toBe("invalid");
    expect(answer.body.result?.error).toEqual({
      nom: ["Ton nom est requis."],
      email: ["Email invalide."],
      sujet: ["Un sujet est requis."],
      message: ["Ton message est vide."],
      consent: ["Merci d'accepter la politique de confidentialité."],
    });
    expect(answer.body.result?.initialValue).toMatchObject({ email: "ana@" });
  });

  it("speaks the visitor's language", async () => {
    const answer = await submit({ ...filled, nom: "" }, { cookie: "lng=en" });
    expect(answer.body.result?.error?.nom).toEqual(["Your name is required."]);
  });

  it("stores the message, mails the inbox and resets the form", async () => {
    const answer = await submit(filled, { cookie: "lng=es" });
    expect(answer.status).toBe(200);
    expect(answer.body.status).toBe("sent");
    // conform's reset: the re-rendered form is empty.
    expect(answer.body.result?.initialValue ?? null).toBeNull();
    expect((await app.services.store.contactMessages.listRecent(1))[0]).toMatchObject({ nom: "Ana", locale: "es" });
    expect(app.mails).toHaveLength(1);
    expect(app.mails[0]!.subject).toBe("[Dynami] Contact : Hola");
  });

  it("refuses a post sent from another site, and stores and mails nothing (the root middleware)", async () => {
    const refused = await submit(filled, { origin: "https://evil.example" });
    expect(refused).toEqual({ status: 403, body: { message: "Origine de la requête refusée." } });
    expect(await app.services.store.contactMessages.listRecent(1)).toEqual([]);
    expect(app.mails).toEqual([]);
    // The same post from the site itself goes through.
    expect((await submit(filled, { origin: "http://localhost:3000" })).body.status).toBe("sent");
  });

  it("answers 429 with a translated message when one address sends too much", async () => {
    for (let i = 0; i < CONTACT_RATE_LIMIT.points; i++)
      expect((await submit(filled, { clientAddress: "2.2.2.2" })).status).toBe(200);
    const limited = await submit(filled, { clientAddress: "2.2.2.2", cookie: "lng=de" });
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({
      status: "rate-limited",
      message: "Du hast schon mehrere Nachrichten geschickt. Versuch es in ein paar Minuten noch einmal.",
    });
  });

  it("answers the spec's failure message when the message cannot be saved", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    vi.spyOn(app.services.store.contactMessages, "add").mockRejectedValueOnce(new Error("disk full"));
    const answer = await submit(filled);
    expect(answer.status).toBe(500);
    expect(answer.body).toMatchObject({ status: "failed", message: "Une erreur est survenue. Réessaie." });
  });

  it("pre-fills the subject from ?sujet=", async () => {
    const response = await callRoute(
      contactPage.loader as never,
      new Request("http://localhost:3000/contact?sujet=Suppression%20de%20mes%20donn%C3%A9es"),
      { context: app.context() },
    );
    expect(await response.json()).toMatchObject({ title: "Contact", prefilledSubject: "Suppression de mes données" });
  });
});
