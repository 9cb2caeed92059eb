import { randomBytes } from "node:crypto";
import { DuplicateKeyError, type Store } from "~/store/types";
import { seedDemoDashboard } from "../demo-dashboard.server";
import { hashPassword, verifyPassword } from "./passwords.server";

// The demo accounts' passwords are in this file, so in every copy of the
// source: they may only ever work on a server nobody else can reach.
export const DEMO_ACCOUNTS = [
  { pseudo: "demo", email: "demo@dynami.local", password: "demo-dynami-2026", role: "user", prenom: "Camille" },
  { pseudo: "admin", email: "admin@dynami.local", password: "admin-dynami-2026", role: "admin", prenom: "Alex" },
] as const;

/**
 * With the development tools on, an empty store gets a verified demo user and
 * a demo admin to try the app with; the demo user comes with eight weeks of
 * IMC records and workouts, so the dashboard shows them. Instances starting
 * together on one empty store may race here: an account another instance
 * just created is left as it is.
 */
export async function seedDemoAccounts(store: Store): Promise<string[]> {
  if ((await store.users.count()) > 0) return [];
  const lines: string[] = [];
  for (const account of DEMO_ACCOUNTS) {
    try {
      const user = await store.users.create({
        pseudo: account.pseudo,
        email: account.email,
        passwordHash: await hashPassword(account.password),
        role: account.role,
        prenom: account.prenom,
        displayName: account.prenom,
        emailVerifiedAt: new Date(),
      });
      if (account.role === "user") await seedDemoDashboard(store, user.id);
    } catch (error) {
      if (error instanceof DuplicateKeyError) continue;
      throw error;
    }
    lines.push(`  ${account.role.padEnd(5)}  ${account.email} / ${account.pseudo}  password: ${account.password}`);
  }
  return lines.length > 0 ? ["Demo accounts created (this machine only):", ...lines] : [];
}

/**
 * With the development tools off (production, or a public address): a demo
 * account that still has its published password, seeded on a loopback run
 * of the same data, gets a random one and loses its sessions. Its owner can
 * still choose a password through "forgot password".
 */
export async function lockPublishedDemoPasswords(store: Store): Promise<string[]> {
  const lines: string[] = [];
  for (const account of DEMO_ACCOUNTS) {
    const user = await store.users.findByEmail(account.email);
    if (!user || !(await verifyPassword(account.password, user.passwordHash))) continue;
    await store.users.update(user.id, { passwordHash: await hashPassword(randomBytes(32).toString("base64url")) });
    await store.sessions.deleteAllForUser(user.id);
    lines.push(
      `Demo account ${account.email}: its published password no longer works here (development tools are off).`,
    );
  }
  return lines;
}
