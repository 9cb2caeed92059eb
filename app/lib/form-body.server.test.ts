import { describe, expect, it } from "vitest";
import { readFormData } from "./form-body.server";

function post(body: BodyInit, headers: Record<string, string> = {}) {
  return new Request("http://localhost/x", { method: "POST", body, headers, duplex: "half" } as RequestInit);
}

async function status(promise: Promise<unknown>): Promise<number | null> {
  try {
    await promise;
    return null;
  } catch (thrown) {
    return (thrown as { init?: { status?: number } }).init?.status ?? -1;
  }
}

describe("readFormData", () => {
  it("reads url-encoded and multipart forms within the cap", async () => {
    expect((await readFormData(post(new URLSearchParams({ a: "1", b: "é" })), 100)).get("b")).toBe("é");
    const multipart = new FormData();
    multipart.set("comment", "Bonjour");
    expect((await readFormData(post(multipart), 10_000)).get("comment")).toBe("Bonjour");
  });

  it("refuses with 413 a body over the cap, announced or streamed", async () => {
    expect(await status(readFormData(post("a=".padEnd(200, "x")), 100))).toBe(413);
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let index = 0; index < 10; index += 1) controller.enqueue(new Uint8Array(50).fill(120));
        controller.close();
      },
    });
    expect(await status(readFormData(post(stream, { "Content-Type": "application/x-www-form-urlencoded" }), 100))).toBe(
      413,
    );
  });

  it("gives an empty form for a body that is not a form", async () => {
    expect([...(await readFormData(post("{}", { "Content-Type": "application/json" }), 100)).keys()]).toEqual([]);
  });
});
