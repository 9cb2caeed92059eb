import { defineConfig, mergeConfig } from "vitest/config";
import base from "./vitest.config.ts";

// The unit tests Stryker runs against each mutant. Tests that start the built
// server in a child process never run the mutated sources (they run build/),
// and the scripts' tests cover no mutated folder: both are left out.
export default mergeConfig(
  base,
  defineConfig({
    test: {
      exclude: [
        "**/node_modules/**",
        "app/server/broken-bodies.test.ts",
        "app/server/http-hygiene.test.ts",
        "app/server/installable-app.test.ts",
        "app/server/main.test.ts",
        "app/server/several-instances.test.ts",
        "app/server/trust-proxy.test.ts",
        "scripts/**",
      ],
    },
  }),
);
