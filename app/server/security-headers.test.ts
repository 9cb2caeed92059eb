import { describe, expect, it } from "vitest";
import { securityHeaders } from "./security-headers.ts";

describe("securityHeaders", () => {
  const production = securityHeaders({ nonce: "abc123", isProduction: true, isViteDev: false });

  it("enforces a nonce-based script policy without unsafe-inline scripts", () => {
    const csp = production["Content-Security-Policy"]!;
    const scriptSrc = csp.split("; ").find((d) => d.startsWith("script-src"))!;
    expect(scriptSrc).toContain("'nonce-abc123'");
    expect(scriptSrc).not.toContain("unsafe-inline");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
  });

  it("sets the fixed headers", () => {
    expect(production["X-Content-Type-Options"]).toBe("nosniff");
    expect(production["Referrer-Policy"]).toBe("strict-origin-when-cross-origin");
    expect(production["Strict-Transport-Security"]).toMatch(/^max-age=\d+/);
  });

  it("sends HSTS only in production", () => {
    const local = securityHeaders({ nonce: "n", isProduction: false, isViteDev: false });
    expect(local["Strict-Transport-Security"]).toBeUndefined();
  });
});

describe("contentSecurityPolicy and the installable app", () => {
  it("allows this site's service worker and web app manifest, and nothing else new", async () => {
    const { contentSecurityPolicy } = await import("./security-headers.ts");
    for (const csp of [
      contentSecurityPolicy({ nonce: "n", isProduction: true, isViteDev: false }),
      contentSecurityPolicy({ scriptHashes: ["'sha256-abc='"], isProduction: true, isViteDev: false }),
    ]) {
      const directives = csp.split("; ");
      expect(directives).toContain("worker-src 'self'");
      expect(directives).toContain("manifest-src 'self'");
      expect(csp).not.toContain("unsafe-eval");
      expect(directives.find((d) => d.startsWith("script-src"))).not.toContain("unsafe-inline");
    }
  });
});

describe("contentSecurityPolicy for a page served from the render cache", () => {
  it("allows the inline scripts by their hashes, with no nonce", async () => {
    const { contentSecurityPolicy } = await import("./security-headers.ts");
    const csp = contentSecurityPolicy({ scriptHashes: ["'sha256-abc='"], isProduction: true, isViteDev: false });
    const scriptSrc = csp.split("; ").find((d) => d.startsWith("script-src"))!;
    expect(scriptSrc).toBe("script-src 'self' 'sha256-abc=' 'strict-dynamic'");
    expect(csp).not.toContain("nonce");
  });
});
