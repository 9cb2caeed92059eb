import { beforeEach, describe, expect, it } from "vitest";
import { HISTORY_WRITE_LIMIT, imcHistoryEntry } from "~/domain/history";
import type { CalorieCalculatorData, ImcCalculatorData } from "~/lib/calculator-results";
import { startSession } from "~/services/auth/session.server";
import { listCalculations, saveCalculationWithinLimit } from "~/services/history.server";
import { callRoute, freshTestAppPerTest } from "~/testing/route-harness.server";
import * as caloriesRoute from "./calories.tsx";
import * as imcRoute from "./imc.tsx";
import * as toolsRoute from "./tools.tsx";

const app = freshTestAppPerTest();
let userId: string;
beforeEach(async () => {
  userId = (await app.services.store.users.create({ pseudo: "lea", email: "lea@example.com", passwordHash: "x" })).id;
});

function formPost(url: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
  return new Request(`http://localhost:3000${url}`, { method: "POST", body: new URLSearchParams(fields), headers });
}

async function sessionCookie(): Promise<string> {
  const { setCookie } = await startSession(app.context(), userId, { remember: false });
  return setCookie.split(";")[0]!;
}

const post = (module: { action: unknown }, request: Request) =>
  callRoute(module.action as never, request, { context: app.context() });
const get = (module: { loader: unknown }, url: string) =>
  callRoute(module.loader as never, new Request(`http://localhost:3000${url}`), { context: app.context() });

const calorieForm = {
  sexe: "homme",
  poids: "70",
  taille: "175",
  age: "30",
  formule: "mifflin",
  masseGrasse: "",
  activite: "moyen",
  objectif: "maintain",
};

describe("/imc action", () => {
  it("computes the IMC from French decimals and invites a visitor to log in", async () => {
    const response = await post(imcRoute, formPost("/imc", { poids: "70,5", taille: "175" }));
    expect(response.status).toBe(200);
    const body = (await response.json()) as ImcCalculatorData;
    // 70.5 / 1.75² = 23.02 -> 23.0
    expect(body.result).toMatchObject({ imc: 23, categoryId: "normal", categorie: "Corpulence normale" });
    expect(body.history).toBe("signed-out");
    // The entered values come back, so the form shows them again without JavaScript.
    expect(body.reply.initialValue).toMatchObject({ poids: "70,5", taille: "175" });
  });

  it("saves the calculation for a signed-in user", async () => {
    const response = await post(
      imcRoute,
      formPost("/imc", { poids: "70", taille: "175" }, { Cookie: await sessionCookie() }),
    );
    expect(((await response.json()) as ImcCalculatorData).history).toBe("saved");
    const [record] = await listCalculations(app.services.store, userId);
    expect(record).toMatchObject({
      action: "IMC_CALC",
      meta: { poids: 70, taille: 175, imc: 22.9, categorie: "Corpulence normale", date: expect.any(String) },
    });
  });

  it("gives a light adult a result from 30 kg, and refuses 29.9 kg", async () => {
    // 45 / 1.6² = 17.58 -> 17.6: the reader of the 'Maigreur' advice, refused below 50 kg before.
    const light = await post(
      imcRoute,
      formPost("/imc", { poids: "45", taille: "160" }, { Cookie: await sessionCookie() }),
    );
    expect(light.status).toBe(200);
    expect(((await light.json()) as ImcCalculatorData).result).toMatchObject({ imc: 17.6, categoryId: "maigreur" });
    // 30 / 1.5² = 13.33 -> 13.3
    const lightest = await post(imcRoute, formPost("/imc", { poids: "30", taille: "150" }));
    expect(((await lightest.json()) as ImcCalculatorData).result).toMatchObject({
      imc: 13.3,
      categoryId: "denutrition-severe",
    });
    const under = await post(imcRoute, formPost("/imc", { poids: "29,9", taille: "150" }));
    expect(under.status).toBe(400);
    expect(((await under.json()) as ImcCalculatorData).reply.error).toEqual({ "": ["outOfRange"] });
    expect(await listCalculations(app.services.store, userId)).toMatchObject([{ meta: { poids: 45, imc: 17.6 } }]);
  });

  it("past the hour's saves, still shows the result and says it was not kept", async () => {
    const cookie = await sessionCookie();
    for (let index = 0; index < HISTORY_WRITE_LIMIT.perUser; index += 1) {
      await saveCalculationWithinLimit(app.services.store, userId, imcHistoryEntry({ poids: 70, taille: 175 }));
    }
    const response = await post(imcRoute, formPost("/imc", { poids: "70", taille: "175" }, { Cookie: cookie }));
    expect(response.status).toBe(200);
    const body = (await response.json()) as ImcCalculatorData;
    expect(body.result).toMatchObject({ imc: 22.9 });
    expect(body.history).toBe("limited");
    expect(await listCalculations(app.services.store, userId, { limit: 100 })).toHaveLength(
      HISTORY_WRITE_LIMIT.perUser,
    );
  });

  it("answers 400 with the spec's two messages, and saves nothing", async () => {
    const notNumbers = await post(
      imcRoute,
      formPost("/imc", { poids: "abc", taille: "" }, { Cookie: await sessionCookie() }),
    );
    expect(notNumbers.status).toBe(400);
    const body = (await notNumbers.json()) as ImcCalculatorData;
    expect(body.reply.error).toEqual({ "": ["invalidNumbers"] });
    expect(body.result).toBeNull();

    const outOfRange = await post(imcRoute, formPost("/imc", { poids: "29", taille: "175" }));
    expect(((await outOfRange.json()) as ImcCalculatorData).reply.error).toEqual({ "": ["outOfRange"] });
    expect(await listCalculations(app.services.store, userId)).toEqual([]);
  });

  it("reads a body that is not a form as an empty form", async () => {
    const request = new Request("http://localhost:3000/imc", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: "{",
    });
    const response = await post(imcRoute, request);
    expect(response.status).toBe(400);
  });
});

describe("/calorie(s) action", () => {
  it("computes the needs and macros of the chosen goal (Mifflin)", async () => {
    const response = await post(caloriesRoute, formPost("/calorie", calorieForm));
    expect(response.status).toBe(200);
    const body = (await response.json()) as CalorieCalculatorData;
    // 10 x 70 + 6.25 x 175 - 5 x 30 + 5 = 1648.75; x 1.55 = 2555.56 -> 2556 kcal.
    // Maintain 45/25/30: 2556 x .45 / 4 = 287.6 -> 288 g; x .25 / 4 = 159.8 -> 160 g; x .30 / 9 = 85.2 -> 85 g.
    expect(body.needs?.chosen).toEqual({
      objectif: "maintain",
      calories: 2556,
      macros: { glucides: 288, proteines: 160, lipides: 85 },
    });
    expect(body.needs?.goals.lose.calories).toBe(2056);
    expect(body.needs?.goals.gain.calories).toBe(3056);
    expect(body.history).toBe("signed-out");
  });

  it("computes the needs from 30 kg, and refuses 29.9 kg under the weight field", async () => {
    const fields = { ...calorieForm, sexe: "femme", poids: "30", taille: "140", age: "13" };
    const response = await post(caloriesRoute, formPost("/calorie", fields));
    expect(response.status).toBe(200);
    // Mifflin: 10 x 30 + 6.25 x 140 - 5 x 13 - 161 = 949; x 1.55 = 1470.95 -> 1471 kcal.
    expect(((await response.json()) as CalorieCalculatorData).needs?.maintenance).toBe(1471);
    const under = await post(caloriesRoute, formPost("/calorie", { ...fields, poids: "29,9" }));
    expect(under.status).toBe(400);
    expect(((await under.json()) as CalorieCalculatorData).reply.error).toEqual({ poids: ["poidsHorsLimites"] });
  });

  it("saves a Katch-McArdle calculation with the body fat for a signed-in user", async () => {
    const fields = { ...calorieForm, formule: "katch", masseGrasse: "20", objectif: "lose" };
    const response = await post(caloriesRoute, formPost("/calories", fields, { Cookie: await sessionCookie() }));
    expect(((await response.json()) as CalorieCalculatorData).history).toBe("saved");
    const [record] = await listCalculations(app.services.store, userId);
    // 370 + 21.6 x 56 = 1579.6; x 1.55 = 2448.38 -> 2448; lose -> 1948.
    expect(record).toMatchObject({
      action: "CALORIES_CALC",
      meta: {
        sexe: "homme",
        poids: 70,
        taille: 175,
        age: 30,
        formule: "katch",
        masseGrasse: 20,
        activite: "moyen",
        objectif: "lose",
        calories: 1948,
      },
    });
  });

  it("puts each message under its field", async () => {
    const response = await post(
      caloriesRoute,
      formPost("/calorie", { poids: "abc", taille: "175,3", age: "11", formule: "katch", masseGrasse: "" }),
    );
    expect(response.status).toBe(400);
    const { reply } = (await response.json()) as CalorieCalculatorData;
    expect(reply.error).toEqual({
      sexe: ["sexe"],
      poids: ["poidsInvalide"],
      taille: ["taillePas"],
      age: ["ageHorsLimites"],
      masseGrasse: ["masseGrasseRequise"],
      activite: ["activite"],
      objectif: ["objectif"],
    });
  });
});

describe("/outils", () => {
  it("opens the IMC tab by default and the calorie tab on ?onglet=calories", async () => {
    expect(await (await get(toolsRoute, "/outils")).json()).toEqual({
      title: "Outils",
      description:
        "Calcule ton IMC ou tes besoins caloriques du jour. Les résultats sont des repères, pas un avis médical.",
      tab: "imc",
    });
    expect(await (await get(toolsRoute, "/outils?onglet=calories")).json()).toMatchObject({ tab: "calories" });
    expect(await (await get(toolsRoute, "/outils?onglet=nope&lng=en")).json()).toMatchObject({
      title: "Tools",
      description:
        "Calculate your BMI or how many calories you need today. The results are guides, not medical advice.",
      tab: "imc",
    });
  });

  it("sends each calculator's post to its use case", async () => {
    const imc = (await (
      await post(toolsRoute, formPost("/outils", { calculateur: "imc", poids: "70", taille: "175" }))
    ).json()) as ImcCalculatorData;
    expect(imc).toMatchObject({ calculator: "imc", result: { imc: 22.9 } });
    const calories = (await (
      await post(toolsRoute, formPost("/outils?onglet=calories", { calculateur: "calories", ...calorieForm }))
    ).json()) as CalorieCalculatorData;
    expect(calories).toMatchObject({ calculator: "calories", needs: { maintenance: 2556 } });
  });
});

describe("page loaders", () => {
  it("give translated titles and the article asked for by ?article=", async () => {
    const imc = (await (await get(imcRoute, "/imc?article=a1&lng=de")).json()) as {
      title: string;
      openArticleId: string;
    };
    expect(imc).toMatchObject({ title: "BMI-Rechner", openArticleId: "a1" });
    const calories = (await (await get(caloriesRoute, "/calorie")).json()) as { title: string; articles: unknown[] };
    expect(calories.title).toBe("Besoins caloriques");
    expect(Array.isArray(calories.articles)).toBe(true);
  });
});
