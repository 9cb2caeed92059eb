import { afterAll, describe, expect, it } from "vitest";
import { MAIL_REQUEST_LIMITS } from "~/domain/account";
import { assertBuilt, killStartedServers, startServer } from "~/testing/server-process";

// Every per-address limit counts the client's address: the socket's peer,
// or, with TRUST_PROXY, what a trusted proxy says in X-Forwarded-For (and
// only a trusted proxy: anyone else's header is ignored).

afterAll(killStartedServers);

async function forgotFrom(origin: string, forwardedFor: string) {
  const response = await fetch(`${origin}/api/forgot-password`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-Forwarded-For": forwardedFor },
    body: JSON.stringify({ email: "someone@example.com" }),
  });
  await response.arrayBuffer();
  return response.status;
}

describe("TRUST_PROXY", () => {
  it("with the proxy trusted, each client behind it has its own budget", async () => {
    assertBuilt();
    const server = await startServer({ TRUST_PROXY: "loopback" });
    await server.listening;
    for (let i = 0; i < MAIL_REQUEST_LIMITS.perAddressAndRecipient; i++) {
      expect(await forgotFrom(server.origin, "203.0.113.1")).toBe(200);
    }
    expect(await forgotFrom(server.origin, "203.0.113.1")).toBe(429);
    // Another client of the same proxy is not affected.
    expect(await forgotFrom(server.origin, "203.0.113.2")).toBe(200);
    // The proxy appends the address it saw: a forged first entry changes nothing.
    expect(await forgotFrom(server.origin, "198.51.100.1, 203.0.113.1")).toBe(429);
    await server.stop();
  }, 60_000);

  it("off (the default), X-Forwarded-For is ignored: the socket's peer is the client", async () => {
    const server = await startServer();
    await server.listening;
    for (let i = 0; i < MAIL_REQUEST_LIMITS.perAddressAndRecipient; i++) {
      expect(await forgotFrom(server.origin, `203.0.113.${i + 10}`)).toBe(200);
    }
    expect(await forgotFrom(server.origin, "203.0.113.99")).toBe(429);
    await server.stop();
  }, 60_000);
});
