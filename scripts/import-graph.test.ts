import path from "node:path";
import { describe, expect, it } from "vitest";
import { type ImportGraph, importCycles, importedSpecifiers, readImportGraph, upwardImports } from "./import-graph.ts";

const appDir = path.resolve(import.meta.dirname, "../app");
const relative = (file: string) => path.relative(path.dirname(appDir), file);

describe("the app's imports", () => {
  const graph = readImportGraph(appDir);

  it("reads every module of app/", () => {
    expect(graph.size).toBeGreaterThan(400);
    expect(graph.get(path.join(appDir, "routes/exo.tsx"))).toContain(path.join(appDir, "context.server.ts"));
  });

  it("go downwards only: domain and store import nothing above them, services and lib nothing from components or routes", () => {
    const found = upwardImports(appDir, graph).map(
      ({ from, to, fromLayer, toLayer }) => `${fromLayer} -> ${toLayer}: ${relative(from)} imports ${relative(to)}`,
    );
    expect(found).toEqual([]);
  });

  it("never go round in a circle", () => {
    const circles = importCycles(graph).map((circle) => circle.map(relative).join(" -> "));
    expect(circles).toEqual([]);
  });
});

describe("the checks", () => {
  const file = (name: string) => path.join(appDir, name);
  const graphOf = (edges: Record<string, string[]>): ImportGraph =>
    new Map(Object.entries(edges).map(([from, to]) => [file(from), to.map(file)]));

  it("count type-only imports, re-exports and dynamic imports", () => {
    const source = [
      'import type { A } from "~/a";',
      'import { b } from "./b";',
      'export { c } from "../c";',
      'export * from "./d";',
      'const e = () => import("./e.client");',
      'import "./style.css";',
    ].join("\n");
    expect(importedSpecifiers(file("x.tsx"), source)).toEqual([
      "~/a",
      "./b",
      "./style.css",
      "../c",
      "./d",
      "./e.client",
    ]);
  });

  it("find an upward import, and leave tests and allowed ones alone", () => {
    const graph = graphOf({
      "domain/rules.ts": ["lib/format.ts"],
      "store/types.ts": ["domain/rules.ts"],
      "services/dashboard.server.ts": ["components/dashboard/types.ts", "lib/format.ts", "context.server.ts"],
      "lib/flash.server.ts": ["root.tsx", "services/dashboard.server.ts"],
      "services/dashboard.server.test.ts": ["routes/historique.tsx"],
      "components/dashboard/types.ts": ["services/dashboard.server.ts"],
    });
    expect(upwardImports(appDir, graph).map(({ from, to }) => `${relative(from)} -> ${relative(to)}`)).toEqual([
      "app/domain/rules.ts -> app/lib/format.ts",
      "app/services/dashboard.server.ts -> app/components/dashboard/types.ts",
      "app/lib/flash.server.ts -> app/root.tsx",
    ]);
  });

  it("find each circle once, the shortest way round", () => {
    const graph = graphOf({
      "a.ts": ["b.ts"],
      "b.ts": ["c.ts", "d.ts"],
      "c.ts": ["a.ts"],
      "d.ts": ["b.ts"],
      "e.ts": ["e.ts"],
      "f.ts": ["a.ts"],
    });
    expect(importCycles(graph).map((circle) => circle.map((name) => path.basename(name)))).toEqual(
      expect.arrayContaining([
        ["a.ts", "b.ts", "c.ts", "a.ts"],
        ["e.ts", "e.ts"],
      ]),
    );
    expect(importCycles(graph)).toHaveLength(2);
  });
});
