// The app's import graph, read with the parser that builds the app (oxc,
// through Vite), and the two rules it must keep (README, "Layout"):
//   - layers import downwards only: `domain` and `store` nothing above them,
//     `services` and `lib` nothing from `components` or `routes` (the root
//     route, app/root.tsx, counts as a route);
//   - no import circle anywhere in app/.
// Every import counts: type-only ones, re-exports and dynamic import()s too,
// since each ties one module to another as much as a plain import does.
// Checked by scripts/import-graph.test.ts.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { parseSync } from "vite";

/** File (absolute path) -> the files of app/ it imports (absolute paths). */
export type ImportGraph = Map<string, string[]>;

const sourceFile = /\.(ts|tsx|mts|mjs|js)$/;
const candidateSuffixes = ["", ".ts", ".tsx", ".mts", ".mjs", ".js", "/index.ts", "/index.tsx"];

function sourceFilesUnder(directory: string): string[] {
  return readdirSync(directory).flatMap((entry) => {
    const file = path.join(directory, entry);
    if (statSync(file).isDirectory()) return sourceFilesUnder(file);
    return sourceFile.test(entry) && !entry.endsWith(".d.ts") ? [file] : [];
  });
}

/** The file of app/ an import names, or null for a package, a generated type or a file outside app/. */
function resolveImport(appDir: string, from: string, specifier: string): string | null {
  let base: string;
  if (specifier.startsWith("~/")) base = path.join(appDir, specifier.slice(2));
  // tsconfig.json's and vite.config.ts's alias: the app's own react-i18next.
  else if (specifier === "react-i18next") base = path.join(appDir, "i18n/react-i18next.tsx");
  // React Router's generated route types (.react-router/types) sit outside app/.
  else if (specifier.startsWith("./+types/")) return null;
  else if (specifier.startsWith(".")) base = path.resolve(path.dirname(from), specifier);
  else return null;
  if (!base.startsWith(appDir + path.sep)) return null;
  for (const suffix of candidateSuffixes) {
    const file = base + suffix;
    if (sourceFile.test(file) && existsSync(file) && statSync(file).isFile()) return file;
  }
  return null; // a stylesheet, a JSON file
}

/** The specifiers a module imports: static imports, re-exports and import() with a literal. */
export function importedSpecifiers(file: string, source: string): string[] {
  const { module, errors } = parseSync(file, source);
  if (errors.length > 0) throw new Error(`${file}: ${errors[0]!.message}`);
  const literal = (start: number, end: number) => {
    const text = source.slice(start, end);
    return /^(["'`])(.*)\1$/s.exec(text)?.[2] ?? null;
  };
  return [
    ...module.staticImports.map((entry) => entry.moduleRequest.value),
    ...module.staticExports.flatMap((entry) => entry.entries.flatMap((item) => item.moduleRequest?.value ?? [])),
    ...module.dynamicImports.flatMap((entry) => literal(entry.moduleRequest.start, entry.moduleRequest.end) ?? []),
  ];
}

export function readImportGraph(appDir: string): ImportGraph {
  const graph: ImportGraph = new Map();
  for (const file of sourceFilesUnder(appDir)) {
    const specifiers = importedSpecifiers(file, readFileSync(file, "utf8"));
    const imported = specifiers.flatMap((specifier) => resolveImport(appDir, file, specifier) ?? []);
    graph.set(file, [...new Set(imported)]);
  }
  return graph;
}

/** app/domain/x.ts -> "domain"; app/root.tsx (the root route) -> "routes"; other files of app/ itself -> "app". */
export function layerOf(appDir: string, file: string): string {
  const parts = path.relative(appDir, file).split(path.sep);
  if (parts.length > 1) return parts[0]!;
  return parts[0] === "root.tsx" ? "routes" : "app";
}

/** What each layer may not import. */
export const LAYER_RULES: Record<string, { allowedOnly?: string[]; forbidden?: string[] }> = {
  domain: { allowedOnly: ["domain"] },
  store: { allowedOnly: ["domain", "store"] },
  services: { forbidden: ["components", "routes"] },
  lib: { forbidden: ["components", "routes"] },
};

export interface UpwardImport {
  from: string;
  to: string;
  fromLayer: string;
  toLayer: string;
}

/** Imports that break LAYER_RULES. A test sits beside its code but belongs to no layer: tests are left out. */
export function upwardImports(appDir: string, graph: ImportGraph): UpwardImport[] {
  const found: UpwardImport[] = [];
  for (const [from, imported] of graph) {
    if (/\.test\.tsx?$/.test(from)) continue;
    const fromLayer = layerOf(appDir, from);
    const rule = LAYER_RULES[fromLayer];
    if (!rule) continue;
    for (const to of imported) {
      const toLayer = layerOf(appDir, to);
      const refused = rule.allowedOnly ? !rule.allowedOnly.includes(toLayer) : rule.forbidden!.includes(toLayer);
      if (refused) found.push({ from, to, fromLayer, toLayer });
    }
  }
  return found;
}

/**
 * Import circles: one per group of files that import one another
 * (Tarjan's strongly connected components), each given as one circle
 * through its first file, that file repeated at the end.
 */
export function importCycles(graph: ImportGraph): string[][] {
  const order = new Map<string, number>();
  const lowest = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];
  let counter = 0;
  const visit = (file: string) => {
    order.set(file, counter);
    lowest.set(file, counter);
    counter += 1;
    stack.push(file);
    onStack.add(file);
    for (const next of graph.get(file) ?? []) {
      if (!graph.has(next)) continue;
      if (!order.has(next)) {
        visit(next);
        lowest.set(file, Math.min(lowest.get(file)!, lowest.get(next)!));
      } else if (onStack.has(next)) {
        lowest.set(file, Math.min(lowest.get(file)!, order.get(next)!));
      }
    }
    if (lowest.get(file) !== order.get(file)) return;
    const group: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      group.push(member);
    } while (member !== file);
    if (group.length > 1 || graph.get(file)?.includes(file)) groups.push(group);
  };
  for (const file of graph.keys()) if (!order.has(file)) visit(file);
  return groups.map((group) => circleThrough(graph, new Set(group), group.toSorted()[0]!));
}

/** A shortest way back to `start` within its group (breadth first). */
function circleThrough(graph: ImportGraph, group: Set<string>, start: string): string[] {
  const cameFrom = new Map<string, string>();
  const queue = [start];
  while (queue.length > 0) {
    const file = queue.shift()!;
    for (const next of graph.get(file) ?? []) {
      if (!group.has(next)) continue;
      if (next === start) {
        const circle = [start];
        for (let step: string | undefined = file; step !== start && step !== undefined; step = cameFrom.get(step)) {
          circle.splice(1, 0, step);
        }
        if (file !== start) return [...circle, start];
        return [start, start];
      }
      if (!cameFrom.has(next)) {
        cameFrom.set(next, file);
        queue.push(next);
      }
    }
  }
  return [start];
}
