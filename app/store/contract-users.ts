import { randomBytes } from "node:crypto";
import type { Store } from "./types.ts";

/**
 * A fresh account for a store contract test, its pseudo made unique from
 * `prefix` (the contract's kind of user), and its id.
 */
export async function aContractUserId(store: Store, prefix: string): Promise<string> {
  const pseudo = `${prefix}${randomBytes(4).toString("hex")}`;
  const user = await store.users.create({ pseudo, email: `${pseudo.toLowerCase()}@example.test`, passwordHash: "h" });
  return user.id;
}
