// @ts-check
// Mutation testing (npm run test:mutation): StrykerJS changes the code of the
// rules, helpers, middleware and use cases one mutant at a time and runs the
// unit tests that cover it; a mutant no test notices is a hole in the tests.
// Incremental: only code or tests changed since the committed
// tests/stryker-incremental.json are tested again.

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: "vitest",
  vitest: { configFile: "tests/vitest.mutation.config.ts", related: true },
  plugins: ["@stryker-mutator/vitest-runner"],
  mutate: [
    "app/domain/**/*.{ts,tsx}",
    "app/lib/**/*.{ts,tsx}",
    "app/middleware/**/*.{ts,tsx}",
    "app/services/**/*.{ts,tsx}",
    "!app/**/*.test.{ts,tsx}",
    "!app/**/*.contract.ts",
  ],
  coverageAnalysis: "perTest",
  concurrency: 2,
  // Static mutants (module-level code: message tables, constants) are run
  // against every test file, not just the ones covering them: 18 % of the
  // mutants for 82 % of the time (measured on 8,524 mutants). Left out, they
  // show as "ignored" in the report, outside the score.
  ignoreStatic: true,
  incremental: true,
  incrementalFile: "tests/stryker-incremental.json",
  tempDirName: ".stryker-tmp",
  // TypeScript 7 has no JavaScript API: a tsconfig Stryker cannot find keeps
  // it from loading one (the type check is npm run typecheck's job).
  tsconfigFile: "tests/no-tsconfig-for-stryker.json",
  disableTypeChecks: "app/**/*.{ts,tsx}",
  reporters: ["clear-text", "progress", "html", "json"],
  htmlReporter: { fileName: "tests/.output/mutation/index.html" },
  jsonReporter: { fileName: "tests/.output/mutation/mutation.json" },
  thresholds: { high: 90, low: 80, break: null },
  timeoutMS: 10_000,
  cleanTempDir: "always",
};
