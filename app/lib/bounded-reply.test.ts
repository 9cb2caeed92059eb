import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { boundedEcho, boundedReply } from "./bounded-reply.ts";

describe("boundedReply", () => {
  const schema = z.object({ nom: z.string().max(5), email: z.string() });

  it("echoes only the form's fields, each cut to its limit", () => {
    const form = new FormData();
    form.set("nom", "x".repeat(60_000));
    form.set("email", "ana@example.test");
    form.set("junk", "j".repeat(60_000));
    const reply = boundedReply(parseWithZod(form, { schema }).reply(), { nom: 5, email: 254 });
    expect(reply.initialValue).toEqual({ nom: "xxxxx", email: "ana@example.test" });
    expect(reply.fields).toEqual(["nom", "email"]);
    expect(JSON.stringify(reply).length).toBeLessThan(500);
  });

  it("keeps a reply without values as it is", () => {
    const form = new FormData();
    form.set("nom", "Ana");
    form.set("email", "a@b.c");
    const reset = parseWithZod(form, { schema }).reply({ resetForm: true });
    expect(boundedReply(reset, { nom: 5 })).toEqual(reset);
  });

  it("echoes the first of repeated values, and nothing that is not text", () => {
    expect(boundedEcho(["abc", "def"], 2)).toBe("ab");
    expect(boundedEcho({ $gt: "" }, 10)).toBeUndefined();
  });
});
