import { readFileSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { builderRequest, type BuilderView } from "~/services/workout/builder.server";
import { type ExoPage, offlineExoPage } from "./offline-exo-page";

// The builder without a network: the page the browser makes from the
// catalogue files must be the page the server makes for the same address.

const catalogueDir = path.resolve(import.meta.dirname, "../../../public/data/exo");
const now = new Date();
const defaultSessionName = "Séance - 29/11/2026";

function serverView(href: string): BuilderView {
  const outcome = builderRequest(new URL(href, "https://dynami.test"), { language: "fr", defaultSessionName, now });
  if (!("view" in outcome)) throw new Error("redirect");
  return outcome.view;
}

/** The page shown before the network went: its texts and panel stay, its builder is replaced. */
const shown: ExoPage & { title: string; lastSession: null } = {
  title: "S'entraîner",
  language: "fr",
  view: serverView("/exo"),
  sessionStart: null,
  lastSession: null,
};

const withoutPicks = ({ picks: _picks, ...view }: BuilderView) => view;

let catalogueReads = 0;
function serveCatalogue() {
  vi.stubGlobal("fetch", async (url: string) => {
    catalogueReads += 1;
    const file = path.join(catalogueDir, path.basename(new URL(url, "https://dynami.test").pathname));
    return new Response(readFileSync(file), { headers: { "Content-Type": "application/json" } });
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("the builder offline", () => {
  const offline = new TypeError("Failed to fetch");

  it("makes the page the server would make, for each step, the search and the session", async () => {
    serveCatalogue();
    for (const href of [
      "/exo?etape=1&type=muscu",
      "/exo?etape=3&type=muscu&equipement=halteres&muscle=pectoraux",
      "/exo?etape=3&type=muscu&equipement=halteres&muscle=pectoraux&choix=dumbbell-bench-press&plus=1",
      "/exo?mode=recherche&q=gainage&choix=pushups",
      "/exo?mode=seance&choix=dumbbell-bench-press&choix=running&nom=Haut+du+corps",
    ]) {
      const page = await offlineExoPage(new URL(href, "https://dynami.test"), shown, offline);
      expect(withoutPicks(page.view), href).toEqual(withoutPicks(serverView(href)));
      expect(page.title).toBe("S'entraîner");
    }
  });

  it("reads the catalogue once, and starts a session with its own key", async () => {
    catalogueReads = 0;
    serveCatalogue();
    const session = await offlineExoPage(new URL("https://dynami.test/exo?mode=seance&choix=pushups"), shown, offline);
    expect(session.sessionStart?.idempotencyKey).toMatch(/^[0-9a-f-]{32,36}$/);
    expect(session.sessionStart!.startedAt).toBeGreaterThanOrEqual(now.getTime());
    await offlineExoPage(new URL("https://dynami.test/exo?etape=1&type=yoga"), shown, offline);
    expect(catalogueReads).toBe(0);
  });

  it("a button of a form sent without JavaScript leads to its result's address, as on the server", async () => {
    serveCatalogue();
    const href = "/exo?type=muscu&action=suivant";
    const onServer = builderRequest(new URL(href, "https://dynami.test"), { language: "fr", defaultSessionName, now });
    expect(onServer).toEqual({ redirect: "/exo?etape=1&type=muscu" });
    const attempt = offlineExoPage(new URL(href, "https://dynami.test"), shown, offline);
    const thrown = await attempt.then(
      () => null,
      (error: unknown) => error as Response,
    );
    expect(thrown?.status).toBe(302);
    expect(thrown?.headers.get("Location")).toBe("/exo?etape=1&type=muscu");
  });

  it("reached from another page (nothing shown yet), the browser loads the address as a document", async () => {
    const thrown = (await offlineExoPage(new URL("https://dynami.test/exo?etape=1"), null, offline).catch(
      (error: unknown) => error,
    )) as Response;
    expect(thrown.status).toBe(302);
    expect(thrown.headers.get("X-Remix-Reload-Document")).toBe("true");
  });
});
