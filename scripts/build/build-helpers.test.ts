import { afterEach, describe, expect, it, vi } from "vitest";
import { cssModuleNamer } from "./css-module-names.ts";
import { SLIM_PRELOAD_HELPER } from "./slim-preload-helper.ts";

describe("the built site's CSS module names", () => {
  const root = "/project";

  it("are the class's name and a hash of its file, the same in the server's and the browser's builds", () => {
    const name = cssModuleNamer(root)("card", "/project/app/components/tools/calculator.module.css");
    expect(name).toMatch(/^card_[0-9a-f]{4}$/);
    expect(cssModuleNamer(root)("card", "/project/app/components/tools/calculator.module.css?used")).toBe(name);
  });

  it("differ for the same class in two files, and a file's classes share its hash", () => {
    const namer = cssModuleNamer(root);
    const tools = namer("card", "/project/app/components/tools/calculator.module.css");
    const dashboard = namer("card", "/project/app/components/dashboard/dashboard.module.css");
    expect(dashboard).not.toBe(tools);
    expect(namer("grid", "/project/app/components/tools/calculator.module.css").slice(-4)).toBe(tools.slice(-4));
  });

  it("stop the build when two files' classes would get the same name", () => {
    // Four hex characters: among a few hundred files, two share them.
    const firstFileWith = new Map<string, string>();
    let clash: [string, string] | null = null;
    for (let index = 0; clash === null; index += 1) {
      const file = `/project/app/part-${index}.module.css`;
      const suffix = cssModuleNamer(root)("card", file).slice(-4);
      const earlier = firstFileWith.get(suffix);
      if (earlier) clash = [earlier, file];
      else firstFileWith.set(suffix, file);
    }
    const namer = cssModuleNamer(root);
    namer("card", clash[0]);
    expect(() => namer("card", clash[1])).toThrow(/would name both app\/part-\d+\.module\.css:card and/);
  });
});

interface FakeLink {
  rel?: string;
  crossOrigin?: string | null;
  href: string;
}

/** A page with these links in its head, and what the helper appends to it. */
function pageWith(existing: string[]) {
  const appended: FakeLink[] = [];
  vi.stubGlobal("document", {
    baseURI: "https://dynami.example/historique",
    querySelectorAll: () => existing.map((href) => ({ href })),
    createElement: () => ({ href: "" }) as FakeLink,
    head: { appendChild: (link: FakeLink) => appended.push(link) },
  });
  return appended;
}

async function loadHelper(): Promise<(load: () => Promise<unknown>, deps?: string[]) => Promise<unknown>> {
  // A fresh module each time: the helper remembers what it requested.
  const source = `${SLIM_PRELOAD_HELPER}\n// ${Math.random()}`;
  const module = (await import(`data:text/javascript,${encodeURIComponent(source)}`)) as {
    __vitePreload: (load: () => Promise<unknown>, deps?: string[]) => Promise<unknown>;
  };
  return module.__vitePreload;
}

describe("the helper for lazy imports", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("requests a chunk and its imports at once, as module scripts, then runs the import", async () => {
    const appended = pageWith([]);
    const preload = await loadHelper();
    const module = { DashboardBody: "loaded" };
    await expect(preload(async () => module, ["assets/dashboard-body-A.js", "assets/chart-box-B.js"])).resolves.toBe(
      module,
    );
    expect(appended).toEqual([
      { rel: "modulepreload", crossOrigin: "", href: "https://dynami.example/assets/dashboard-body-A.js" },
      { rel: "modulepreload", crossOrigin: "", href: "https://dynami.example/assets/chart-box-B.js" },
    ]);
  });

  it("requests each file once, and none the page already links", async () => {
    const appended = pageWith(["https://dynami.example/assets/site-C.js"]);
    const preload = await loadHelper();
    await preload(async () => ({}), ["assets/confirm-D.js", "assets/site-C.js"]);
    await preload(async () => ({}), ["assets/confirm-D.js"]);
    expect(appended.map((link) => link.href)).toEqual(["https://dynami.example/assets/confirm-D.js"]);
  });

  it("runs an import without files to request, and passes on its failure", async () => {
    const appended = pageWith([]);
    const preload = await loadHelper();
    await expect(preload(async () => "module")).resolves.toBe("module");
    await expect(preload(() => Promise.reject(new Error("offline")), [])).rejects.toThrow("offline");
    expect(appended).toEqual([]);
  });
});
