import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { sameOriginMiddleware } from "./same-origin.server.ts";

async function run(method: string, headers: Record<string, string>) {
  const request = new Request("http://localhost:3000/api/logout", { method, headers });
  const next = async () => new Response("ok");
  return (await sameOriginMiddleware(
    { request, context: new RouterContextProvider(), params: {}, unstable_pattern: "" } as never,
    next,
  )) as Response;
}

describe("sameOriginMiddleware", () => {
  it("refuses a cookie-carrying post from another site", async () => {
    const response = await run("POST", { Cookie: "dynami_session=x", Origin: "https://evil.example" });
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ message: "Origine de la requête refusée." });
  });
  it("refuses a cross-site post even without cookies (login CSRF)", async () => {
    expect((await run("POST", { Origin: "https://evil.example" })).status).toBe(403);
    expect((await run("POST", { Origin: "null" })).status).toBe(403);
  });

  it("lets same-site posts, bearer calls, origin-less clients and reads through", async () => {
    expect((await run("POST", {})).status).toBe(200);
    expect((await run("POST", { Cookie: "a=b", Origin: "http://localhost:3000" })).status).toBe(200);
    expect((await run("POST", { Origin: "https://other.example", Authorization: "Bearer t" })).status).toBe(200);
    expect((await run("GET", { Cookie: "a=b", Origin: "https://evil.example" })).status).toBe(200);
  });
});
