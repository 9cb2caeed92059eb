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
