import { DuplicateKeyError, type Store } from "~/store/types";
import { hashPassword } from "./passwords.server";

export const DEMO_ACCOUNTS = [
  { pseudo: "demo", email: "demo@dynami.local", password: "demo-dynami-2026", role: "user", prenom: "Camille" },
  { pseudo: "admin", email: "admin@dynami.local", password: "admin-dynami-2026", role: "admin", prenom: "Alex" },
] as const;

/**
 * Outside production, an empty store gets a verified demo user and a demo
 * admin to try the app with. Instances starting together on one empty store
 * may race here: an account another instance just created is left as it is.
 */
export async function seedDemoAccounts(store: Store): Promise<string[]> {
  if ((await store.users.count()) > 0) return [];
  const lines: string[] = [];
  for (const account of DEMO_ACCOUNTS) {
    try {
      await store.users.create({
        pseudo: account.pseudo,
        email: account.email,
        passwordHash: await hashPassword(account.password),
        role: account.role,
        prenom: account.prenom,
        displayName: account.prenom,
        emailVerifiedAt: new Date(),
      });
    } catch (error) {
      if (error instanceof DuplicateKeyError) continue;
      throw error;
    }
    lines.push(`  ${account.role.padEnd(5)}  ${account.email} / ${account.pseudo}  password: ${account.password}`);
  }
  return lines.length > 0 ? ["Demo accounts created (development only):", ...lines] : [];
}
