import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { SMTPServer } from "smtp-server";
import { afterEach, describe, expect, it } from "vitest";
import { loadConfig } from "~/config.server";
import { openStore } from "~/store/open-store.server";
import type { Store } from "~/store/types";
import { parseEml } from "./eml";
import { createMailer, OutboxWorker } from "./outbox.server";
import { renderMail } from "./templates.server";
import { createMailTransport } from "./transport.server";

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).toReversed()) await cleanup();
});

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/** A real SMTP peer on 127.0.0.1 that keeps what it receives. */
async function startSmtpServer(port: number) {
  const received: string[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, _session, callback) {
      let raw = "";
      stream.on("data", (chunk: Buffer) => (raw += chunk.toString("utf8")));
      stream.on("end", () => {
        received.push(raw);
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return { received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

async function setUp(env: Record<string, string>) {
  const dir = mkdtempSync(path.join(tmpdir(), "dynami-mail-"));
  const config = loadConfig({ MAIL_DIR: path.join(dir, "mail"), ...env }, { dataDir: dir });
  const store: Store = await openStore("sqlite::memory:");
  const worker = new OutboxWorker(store, createMailTransport(config));
  cleanups.push(() => store.close());
  return { config, store, worker, mailer: createMailer(store, worker) };
}

const verifyMail = () =>
  renderMail("verifyEmail", {
    to: "lea@example.com",
    locale: "fr",
    link: "http://localhost:3000/verify-email?token=abc",
    name: "Léa",
  });

describe("mail outbox", () => {
  it("writes each mail as an .eml file when SMTP_URL is not set", async () => {
    const { config, store, worker, mailer } = await setUp({});
    await mailer.queue(verifyMail());
    expect(await worker.drain()).toBe(1);
    const files = readdirSync(config.mailDir);
    expect(files).toHaveLength(1);
    const mail = parseEml(readFileSync(path.join(config.mailDir, files[0]!), "utf8"));
    expect(mail).toMatchObject({ to: "lea@example.com", subject: "Confirme ton adresse e-mail" });
    expect(mail.text).toContain("Salut Léa,");
    expect(mail.links).toEqual(["http://localhost:3000/verify-email?token=abc"]);
    expect(mail.html).toContain('href="http://localhost:3000/verify-email?token=abc"');
    expect((await store.outbox.list({ limit: 5 }))[0]).toMatchObject({ status: "sent", attempts: 1 });
  });

  // One phrase of each language's template, written out: a mail in the wrong
  // language (or French for everyone) fails here.
  const resetMailPhrases = {
    fr: {
      subject: "Réinitialise ton mot de passe",
      greeting: "Salut Jonas,",
      button: "Choisir un nouveau mot de passe",
    },
    en: { subject: "Reset your password", greeting: "Hi Jonas,", button: "Choose a new password" },
    de: { subject: "Setze dein Passwort zurück", greeting: "Hallo Jonas,", button: "Neues Passwort wählen" },
    es: { subject: "Restablece tu contraseña", greeting: "¡Hola, Jonas!", button: "Elegir una contraseña nueva" },
  } as const;

  it.each(Object.entries(resetMailPhrases))("writes a %s user's mail in their language", (locale, phrases) => {
    const mail = renderMail("resetPassword", {
      to: "jonas@example.com",
      locale,
      link: "http://x/reset",
      name: "Jonas",
    });
    expect(mail.subject).toBe(phrases.subject);
    expect(mail.text.split("\n")[0]).toBe(phrases.greeting);
    expect(mail.text).toContain(phrases.button);
    expect(mail.html).toContain(`<html lang="${locale}">`);
    expect(mail.html).toContain(phrases.button);
    for (const [other, otherPhrases] of Object.entries(resetMailPhrases)) {
      if (other !== locale) expect(mail.text).not.toContain(otherPhrases.button);
    }
  });

  it("writes in French for a language the site does not speak", () => {
    const mail = renderMail("resetPassword", { to: "a@b.it", locale: "it", link: "http://x/reset", name: "Jonas" });
    expect(mail.subject).toBe(resetMailPhrases.fr.subject);
    expect(mail.html).toContain('<html lang="fr">');
  });

  it("delivers through a real SMTP server", async () => {
    const port = await freePort();
    const smtp = await startSmtpServer(port);
    cleanups.push(smtp.close);
    const { store, worker, mailer } = await setUp({ SMTP_URL: `smtp://127.0.0.1:${port}` });
    await mailer.queue(verifyMail());
    expect(await worker.drain()).toBe(1);
    expect(smtp.received).toHaveLength(1);
    expect(parseEml(smtp.received[0]!)).toMatchObject({
      to: "lea@example.com",
      subject: "Confirme ton adresse e-mail",
    });
    expect((await store.outbox.countByStatus()).sent).toBe(1);
  });

  it("keeps mails in the outbox while SMTP is down and sends them once it is back", async () => {
    const port = await freePort();
    const { store, worker, mailer } = await setUp({ SMTP_URL: `smtp://127.0.0.1:${port}` });
    await mailer.queue(verifyMail());

    expect(await worker.drain()).toBe(0);
    const [waiting] = await store.outbox.list({ limit: 1 });
    expect(waiting).toMatchObject({ status: "queued", attempts: 1 });
    expect(waiting!.lastError).toBeTruthy();
    expect(waiting!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());

    // Not due yet: nothing is tried before the backoff delay.
    expect(await worker.drain()).toBe(0);
    expect((await store.outbox.list({ limit: 1 }))[0]!.attempts).toBe(1);

    const smtp = await startSmtpServer(port);
    cleanups.push(smtp.close);
    const later = () => new Date(Date.now() + 31_000);
    expect(await worker.drain(later)).toBe(1);
    expect(smtp.received).toHaveLength(1);
    expect((await store.outbox.list({ limit: 1 }))[0]).toMatchObject({ status: "sent", attempts: 2 });
  });

  it("marks a mail failed after the last attempt", async () => {
    const port = await freePort();
    const { store, worker, mailer } = await setUp({ SMTP_URL: `smtp://127.0.0.1:${port}` });
    await mailer.queue(verifyMail());
    let clock = Date.now();
    for (let attempt = 0; attempt < 6; attempt++) {
      await worker.drain(() => new Date(clock));
      clock += 7 * 3_600_000;
    }
    expect((await store.outbox.list({ limit: 1 }))[0]).toMatchObject({ status: "failed", attempts: 6 });
  });
});
