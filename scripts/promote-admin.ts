// npm run admin -- <email>: gives the admin role to an existing account.
import { ConfigError, loadConfig } from "../app/config.server.ts";
import { openStore } from "../app/store/open-store.server.ts";

const email = process.argv[2]?.trim().toLowerCase();
if (!email) {
  console.error("Usage: npm run admin -- <email>");
  process.exit(2);
}

let config;
try {
  config = loadConfig(process.env);
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : String(error));
  process.exit(1);
}

const store = await openStore(config.databaseUrl, { connectTimeoutMs: 10_000 });
try {
  const user = await store.users.findByEmail(email);
  if (!user) {
    console.error(`No account has the e-mail ${email}.`);
    process.exitCode = 1;
  } else if (user.role === "admin") {
    console.log(`${user.email} (${user.pseudo}) is already an admin.`);
  } else {
    await store.users.update(user.id, { role: "admin" });
    console.log(`${user.email} (${user.pseudo}) is now an admin.`);
  }
} finally {
  await store.close();
}
