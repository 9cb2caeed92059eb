import path from "node:path";
import { hashPassword } from "../../../app/services/auth/passwords.server.ts";
import { openSqliteStore } from "../../../app/store/sqlite/sqlite-store.server.ts";
import type { Store } from "../../../app/store/types.ts";
import { e2eDataDir } from "./server";

// Verified accounts made straight in the e2e server's database (SQLite in
// WAL mode lets a second process write beside it): a test that needs a
// fresh account does not spend the sign-up's mail budget or its 2.5 s.

export interface TestAccount {
  id: string;
  pseudo: string;
  email: string;
  password: string;
}

let counter = 0;
const suffix = () => `${Date.now().toString(36)}${(counter += 1)}${Math.random().toString(36).slice(2, 6)}`;

export async function withE2eStore<T>(work: (store: Store) => Promise<T>): Promise<T> {
  const store = openSqliteStore(`sqlite:${path.join(e2eDataDir, "app.db")}`);
  try {
    return await work(store);
  } finally {
    await store.close();
  }
}

/** A new verified account with a unique pseudo and address. */
export async function createVerifiedAccount(
  options: { locale?: string; password?: string } = {},
): Promise<TestAccount> {
  const pseudo = `m-${suffix()}`;
  const email = `${pseudo}@example.test`;
  const password = options.password ?? "motdepasse-e2e-1";
  const passwordHash = await hashPassword(password);
  const user = await withE2eStore((store) =>
    store.users.create({ pseudo, email, passwordHash, emailVerifiedAt: new Date(), locale: options.locale ?? "fr" }),
  );
  return { id: user.id, pseudo, email, password };
}
