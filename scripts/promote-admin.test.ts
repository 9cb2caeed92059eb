import { spawnSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { openStore } from "../app/store/open-store.server.ts";

const script = path.resolve(import.meta.dirname, "promote-admin.ts");

describe("npm run admin -- <email>", () => {
  it("makes an existing account admin and says when there is none", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "dynami-admin-"));
    const databaseUrl = `sqlite:${path.join(dir, "app.db")}`;
    const store = await openStore(databaseUrl);
    await store.users.create({ pseudo: "future", email: "future@example.com", passwordHash: "x" });
    await store.close();

    const env = { PATH: process.env.PATH ?? "", DATABASE_URL: databaseUrl };
    const run = (email: string) => spawnSync(process.execPath, [script, email], { cwd: dir, env, encoding: "utf8" });

    const promoted = run("Future@Example.com");
    expect(promoted.status).toBe(0);
    expect(promoted.stdout).toContain("future@example.com (future) is now an admin.");
    const reopened = await openStore(databaseUrl);
    expect((await reopened.users.findByEmail("future@example.com"))?.role).toBe("admin");
    await reopened.close();

    const missing = run("nobody@example.com");
    expect(missing.status).toBe(1);
    expect(missing.stderr).toContain("No account has the e-mail nobody@example.com.");
  });
});
