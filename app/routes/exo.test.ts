import { describe, expect, it } from "vitest";
import { fitsChoices } from "~/domain/workout/filters";
import { ACTIVITY_KINDS } from "~/domain/workout/activities";
import { type BuilderView, FIRST_SUGGESTIONS } from "~/services/workout/builder.server";
import { callRoute, freshTestAppPerTest } from "~/testing/route-harness.server";
import * as exoRoute from "./exo.tsx";

const app = freshTestAppPerTest();

const get = (url: string, headers: Record<string, string> = {}) =>
  callRoute(exoRoute.loader as never, new Request(`http://localhost:3000${url}`, { headers }), {
    context: app.context(),
  });

async function view(url: string, headers?: Record<string, string>): Promise<BuilderView> {
  const response = await get(url, headers);
  expect(response.status).toBe(200);
  return ((await response.json()) as { view: BuilderView }).view;
}

describe("/exo loader", () => {
  it("describes the first step, with the catalogue loaded", async () => {
    const page = await view("/exo");
    expect(page.catalogue).toBe("ready");
    expect(page.state).toMatchObject({ mode: "builder", step: 0, type: null, chosen: [] });
    expect(page.defaultSessionName).toMatch(/^Séance - \d{2}\/\d{2}\/\d{4}$/);
    expect(page.suggestions).toBeNull();
  });

  it("applies a button's action and redirects to the resulting address", async () => {
    const response = await get("/exo?nom=&action=type%3Amuscu");
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/exo?type=muscu");

    const next = await get("/exo?type=muscu&action=suivant");
    expect(next.headers.get("Location")).toBe("/exo?etape=1&type=muscu");

    const swim = await get("/exo?type=natation&action=suivant");
    expect(swim.headers.get("Location")).toMatch(/^\/exo\?etape=3&type=natation&equipement=poids-du-corps&muscle=/);
  });

  it("leaves the default session name out of the address, keeps a chosen one", async () => {
    const page = await view("/exo");
    const kept = await get(`/exo?type=muscu&nom=${encodeURIComponent("Jambes")}&action=suivant`);
    expect(kept.headers.get("Location")).toBe("/exo?etape=1&type=muscu&nom=Jambes");
    const dropped = await get(`/exo?type=muscu&nom=${encodeURIComponent(page.defaultSessionName)}&action=suivant`);
    expect(dropped.headers.get("Location")).toBe("/exo?etape=1&type=muscu");
  });

  it("answers a malformed action with the page's own address", async () => {
    const response = await get("/exo?type=muscu&action=danser");
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/exo?type=muscu");
  });

  it("refuses equipment the activity does not allow, with its joke and without changing anything", async () => {
    const page = await view("/exo?etape=1&type=etirement&action=equipement%3Ahalteres");
    expect(page.refusal).toEqual({
      activity: "etirement",
      equipment: "halteres",
      reason: "activity",
      joke: "etirement.halteres",
    });
    expect(page.state.equipment).toEqual([]);
  });

  it("proposes at most 24 exercises that fit the choices, none of them chosen or dismissed", async () => {
    const page = await view(
      "/exo?etape=3&type=muscu&equipement=halteres&muscle=pectoraux&choix=dumbbell-bench-press&ecarte=dumbbell-flyes",
    );
    const ids = page.suggestions!.ids;
    expect(ids.length).toBeGreaterThan(3);
    expect(ids.length).toBeLessThanOrEqual(24);
    expect(page.suggestions!.total).toBeGreaterThanOrEqual(ids.length);
    expect(ids).not.toContain("dumbbell-bench-press");
    expect(ids).not.toContain("dumbbell-flyes");
    for (const id of ids) {
      const exercise = page.exercises[id]!;
      expect(
        fitsChoices(exercise, { kinds: ACTIVITY_KINDS.muscu, muscles: ["pectoraux"], equipment: ["halteres"] }),
      ).toBe(true);
    }
    // The chosen exercise comes with its details, in French.
    expect(page.exercises["dumbbell-bench-press"]?.name).toMatch(/Développé couché/);
  });

  it("shows the first 8 suggestions, and up to 24 on request", async () => {
    const base = "/exo?etape=3&type=muscu&equipement=halteres&muscle=pectoraux";
    const first = await view(base);
    expect(first.suggestions!.ids).toHaveLength(FIRST_SUGGESTIONS);
    expect(FIRST_SUGGESTIONS).toBe(8);
    expect(first.suggestions!.total).toBeGreaterThanOrEqual(24);
    const more = await get(`${base}&action=plus-de-suggestions`);
    expect(more.headers.get("Location")).toBe(`${base}&plus=1`);
    const all = await view(`${base}&plus=1`);
    expect(all.suggestions!.ids).toHaveLength(24);
    expect(all.suggestions!.ids.slice(0, FIRST_SUGGESTIONS)).toEqual(first.suggestions!.ids);
  });

  it("names the exercises in the page's language", async () => {
    const page = await view(
      "/exo?lng=en&etape=3&type=muscu&equipement=halteres&muscle=pectoraux&choix=dumbbell-bench-press",
    );
    expect(page.exercises["dumbbell-bench-press"]?.name).toBe("Dumbbell Bench Press");
    expect(page.defaultSessionName).toMatch(/^Workout - /);
  });

  it("every activity reaches suggestions on its main path (body weight, every offered zone)", async () => {
    for (const type of ["muscu", "cardio", "endurance", "etirement"]) {
      const muscleStep = await view(`/exo?etape=2&type=${type}&equipement=poids-du-corps`);
      expect(muscleStep.muscleOptions.length, type).toBeGreaterThan(0);
      for (const zone of muscleStep.muscleOptions) {
        const list = await view(`/exo?etape=3&type=${type}&equipement=poids-du-corps&muscle=${zone}`);
        expect(list.suggestions!.ids.length, `${type} ${zone}`).toBeGreaterThan(0);
      }
    }
    for (const type of ["yoga", "natation", "meditation"]) {
      const list = await view(`/exo?etape=3&type=${type}`);
      expect(list.suggestions!.ids.length, type).toBeGreaterThan(0);
    }
  });

  it("offers every zone for strength training with dumbbells (the body diagram shows)", async () => {
    const page = await view("/exo?etape=2&type=muscu&equipement=halteres");
    expect(page.muscleOptions).toHaveLength(13);
  });

  it("searches by name across the catalogue, marks nothing as added itself", async () => {
    const page = await view(
      "/exo?mode=recherche&q=d%C3%A9velopp%C3%A9&fequipement=halteres&choix=dumbbell-bench-press",
    );
    expect(page.searchResults!.ids).toContain("dumbbell-bench-press");
    for (const id of page.searchResults!.ids) expect(page.exercises[id]!.equipment).toContain("halteres");
  });

  it("says so when the add button is sent with nothing ticked", async () => {
    const page = await view("/exo?mode=recherche&q=curl&action=ajouter-coches");
    expect(page.nothingTicked).toBe(true);
    expect(page.state.mode).toBe("search");
    const added = await get(
      "/exo?etape=3&type=muscu&equipement=barre&muscle=biceps&mode=recherche&coche=dumbbell-bench-press&action=ajouter-coches",
    );
    // Added even though it fits none of the builder's choices: the search is for exactly that.
    expect(added.headers.get("Location")).toBe(
      "/exo?etape=3&type=muscu&equipement=barre&muscle=biceps&choix=dumbbell-bench-press",
    );
  });

  it("sends each exercise's whole description, safety cue included", async () => {
    const page = await view("/exo?etape=3&type=muscu&equipement=barre&muscle=cuisses-externes&choix=barbell-squat");
    const squat = page.exercises["barbell-squat"]!;
    expect(squat.description.length).toBeGreaterThan(160);
    expect(squat.description).toMatch(/dos droit\.$/);
  });

  it("never fails on hostile input", async () => {
    const response = await get(
      `/exo?etape=%00&type[]=x&choix=${"a".repeat(500)}&muscle=__proto__&nom=${"%E2%80%AE".repeat(100)}&action=placer:x:99999`,
    );
    expect([200, 302]).toContain(response.status);
  });
});
