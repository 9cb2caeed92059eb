// npm run test:mongo: the store contract suite (and the adapter's own tests)
// against the MongoDB server at TEST_MONGODB_URL. Each run works in fresh
// databases named dynami_test_<run>_<n> and drops them at the end.
import { spawnSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { assertNodeVersion } from "./node-version.mjs";

assertNodeVersion();

const url = process.env.TEST_MONGODB_URL?.trim();
if (!url) {
  console.error(
    "Set TEST_MONGODB_URL to a MongoDB replica set (or a single node started with --replSet), e.g.\n" +
      "  TEST_MONGODB_URL=mongodb://127.0.0.1:27017/?replicaSet=rs0 npm run test:mongo",
  );
  process.exit(2);
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
console.log(`MongoDB contract suite against ${url.replace(/\/\/([^:@/]+):([^@/]+)@/, "//$1:***@")}`);
const result = spawnSync(
  "npm",
  ["run", "--silent", "test:unit", "--", "app/store/mongo-store.test.ts", ...process.argv.slice(2)],
  { cwd: root, stdio: "inherit", env: { ...process.env, TEST_MONGODB_URL: url } },
);
process.exit(result.status ?? 1);
