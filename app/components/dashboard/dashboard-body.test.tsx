import type { ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { AccountDialogContext, type AccountDialogApi } from "~/components/account/account-dialog-context";
import type { AccountUser } from "~/lib/account-types";
import { HistoryView } from "~/components/account/history-view";
import type { ImcRecordView } from "~/domain/stats/records";
import { buildSummary, type HistorySummary } from "~/domain/stats/summary";
import { translationSetFor } from "~/i18n/i18n.server";
import { createTranslations, TranslationsProvider } from "~/i18n/react-i18next";
import { newAccountInputs } from "~/testing/summary-inputs";
import { fixedT } from "~/i18n/translator";
import { DashboardBody } from "./dashboard-body";
import { withBlocksHtml } from "./dashboard-html.server";
import type { DashboardData } from "~/lib/dashboard-types";

// The dashboard's states as the server renders them (react-dom/server), with
// crafted data: the spec's empty message, empty charts, a bad IMC record, a
// missing statistic, the error lines and 'Chargement…'.

const user: AccountUser = {
  _id: "u1",
  id: "u1",
  role: "user",
  prenom: "Léa",
  pseudo: "lea",
  displayName: null,
  email: "lea@example.test",
  photo: null,
  weightKg: null,
};

const WEEK = ["2026-03-02", "2026-03-03", "2026-03-04", "2026-03-05", "2026-03-06", "2026-03-07", "2026-03-08"];

// A new account's summary, as the domain builds it (its fields are checked in summary.test.ts).
const emptySummary: HistorySummary = buildSummary(newAccountInputs(WEEK[3]!));

const emptyData: DashboardData = {
  today: "2026-03-04",
  measures: [],
  weights: [],
  week: WEEK.map((date) => ({ date, value: 0 })),
  summary: emptySummary,
  exercises: [],
  routines: [],
  errors: { history: false, sessions: false, summary: false, exercises: false, routines: false },
};

function measure(fields: Partial<ImcRecordView>): ImcRecordView {
  return {
    id: "m1",
    type: "imc",
    value: 22.9,
    date: "2026-03-01T08:00:00.000Z",
    poids: 70,
    categorie: "Normal",
    valid: true,
    ...fields,
  };
}

/** French texts of the namespaces given; `lazy` as in the browser, where a missing namespace is fetched. */
function translations(namespaces: readonly string[], lazy = false) {
  return createTranslations(
    translationSetFor("fr", namespaces),
    "{}",
    lazy ? () => new Promise<void>(() => {}) : undefined,
  );
}

/** Renders on the server, inside a router (the blocks read its state), as the page would: the HTML. */
function renderHtml(element: ReactNode, options: { namespaces?: readonly string[]; lazy?: boolean } = {}): string {
  const namespaces = options.namespaces ?? ["common", "account", "dashboard"];
  const Stub = createRoutesStub([{ path: "/historique", Component: () => element }]);
  return renderToString(
    <TranslationsProvider value={translations(namespaces, options.lazy)}>
      <Stub initialEntries={["/historique"]} />
    </TranslationsProvider>,
  );
}

/** Text as a reader gets it: no tags, entities decoded. */
function render(element: ReactNode, options: { namespaces?: readonly string[]; lazy?: boolean } = {}): string {
  return renderHtml(element, options)
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ");
}

/** The dashboard as its loaders give it: the data with its lists' HTML, rendered by the server in French. */
function shown(data: DashboardData) {
  return withBlocksHtml(data, fixedT(translationSetFor("fr", ["common", "dashboard"]), "dashboard"), "fr", 3);
}

/** The dashboard of `data` as /historique shows it. */
function bodyOf(data: DashboardData) {
  return (
    <DashboardBody
      user={user}
      name="Léa"
      data={shown(data)}
      language="fr"
      here="/historique"
      confirm={null}
      flash={null}
    />
  );
}

function body(data: DashboardData) {
  return render(bodyOf(data));
}

const EMPTY_MESSAGE =
  "Aucune donnée pour l'instant. Enregistre un IMC, des calories ou une séance pour voir les courbes.";
const NO_CHART_DATA = "Aucune donnée disponible.";
const count = (text: string, part: string) => text.split(part).length - 1;

describe("the dashboard as the server renders it", () => {
  it("says there is nothing yet for a new account, and each chart has no data", () => {
    const text = body(emptyData);
    expect(text).toContain(EMPTY_MESSAGE);
    // The week chart, the weight chart and the IMC recap.
    expect(count(text, NO_CHART_DATA)).toBe(3);
    // Every statistic nobody has yet.
    expect(text).toContain("Aucune donnée");
    expect(text).not.toContain("Erreur de chargement");
    expect(text).not.toContain("Impossible de récupérer tes statistiques");
    expect(text).not.toContain("Chargement…");
  });

  it("leaves the empty message out once there is a measure, a session or a calorie figure", () => {
    const withMeasure = body({
      ...emptyData,
      measures: [measure({})],
      weights: [{ date: "2026-03-01T08:00:00.000Z", poids: 70 }],
    });
    expect(withMeasure).not.toContain(EMPTY_MESSAGE);
    expect(body({ ...emptyData, summary: { ...emptySummary, totalSessions: 1 } })).not.toContain(EMPTY_MESSAGE);
    expect(body({ ...emptyData, summary: { ...emptySummary, calories: 2100 } })).not.toContain(EMPTY_MESSAGE);
  });

  it("draws a chart with data and says 'Aucune donnée disponible.' only for the empty one", () => {
    const text = body({
      ...emptyData,
      measures: [measure({})],
      weights: [{ date: "2026-03-01T08:00:00.000Z", poids: 70 }],
    });
    // The week has no exercise: its chart alone is empty.
    expect(count(text, NO_CHART_DATA)).toBe(1);
    expect(text).toContain("70 kg");
    const withWeek = body({ ...emptyData, week: WEEK.map((date, index) => ({ date, value: index === 2 ? 3 : 0 })) });
    // The weight chart and the recap are empty, the week's is not.
    expect(count(withWeek, NO_CHART_DATA)).toBe(2);
    expect(withWeek).toContain("3 exercices");
  });

  it("says 'Données invalides.' for an IMC record whose figures cannot be read, and shows the valid ones", () => {
    const text = body({
      ...emptyData,
      measures: [
        measure({ id: "good", value: 24.2, poids: 78.4 }),
        measure({ id: "bad", value: null, poids: null, valid: false, date: "2026-02-20T08:00:00.000Z" }),
      ],
    });
    expect(count(text, "Données invalides.")).toBe(1);
    expect(text).toContain("24,2");
    expect(text).toContain("78,4 kg");
  });

  it("says 'Aucune donnée' for a statistic that is missing, and the figure where there is one", () => {
    const missing = body({ ...emptyData, summary: { ...emptySummary, totalSessions: 4 } });
    const present = body({ ...emptyData, summary: { ...emptySummary, totalSessions: 4, imc: 22.5 } });
    expect(count(present, "Aucune donnée")).toBe(count(missing, "Aucune donnée") - 1);
    expect(present).toContain("22,5");
  });

  it("has an error line for each part that could not be read", () => {
    const history = body({
      ...emptyData,
      errors: { history: true, sessions: false, summary: false, exercises: false, routines: false },
    });
    expect(history).toContain("Erreur de chargement");
    expect(history).not.toContain("Impossible de charger tes séances.");
    // Without the records, nothing says there is no data.
    expect(history).not.toContain(EMPTY_MESSAGE);

    const sessions = body({
      ...emptyData,
      errors: { history: false, sessions: true, summary: false, exercises: false, routines: false },
    });
    expect(sessions).toContain("Impossible de charger tes séances.");

    const summary = body({
      ...emptyData,
      summary: null,
      errors: { history: false, sessions: false, summary: true, exercises: false, routines: false },
    });
    expect(summary).toContain("Impossible de récupérer tes statistiques pour l'instant.");
    expect(summary).not.toContain(EMPTY_MESSAGE);
    // No statistics panel without the summary.
    expect(summary).not.toContain("Tes statistiques");
  });

  it("lists 'Mes exercices' with each one's leading record and a link to its progress", () => {
    const empty = body(emptyData);
    expect(empty).toContain("Mes exercices");
    expect(empty).toContain("Aucun exercice pour l'instant");
    const record = (overrides: Partial<DashboardData["exercises"][number]>) => ({
      exerciseId: "dumbbell-bench-press",
      name: "Développé couché haltères",
      heaviestKg: null,
      bestE1rmKg: null,
      bestVolumeKg: null,
      mostReps: null,
      longestSec: null,
      longestKm: null,
      setAt: null,
      sessions: 1,
      ...overrides,
    });
    const element = bodyOf({
      ...emptyData,
      exercises: [
        record({ bestE1rmKg: 28.5, heaviestKg: 22.5, sessions: 12 }),
        record({ exerciseId: "running", name: "Course à pied", longestSec: 1_830, sessions: 1 }),
        record({ exerciseId: "pullups", name: "Tractions", mostReps: 15, sessions: 3 }),
      ],
    });
    const html = renderHtml(element);
    expect(html).toContain('href="/progression/dumbbell-bench-press"');
    expect(html).toContain('href="/progression/running"');
    const text = render(element);
    expect(text).toContain("12 séances");
    expect(text).toContain("1RM estimé 28,5 kg");
    expect(text).toContain("Durée la plus longue 30 min 30 s");
    expect(text).toContain("Répétitions sans charge 15 rép.");
    expect(text).not.toContain("Aucun exercice pour l'instant");

    const failed = body({
      ...emptyData,
      errors: { history: false, sessions: false, summary: false, exercises: true, routines: false },
    });
    expect(failed).toContain("Erreur de chargement de tes exercices");
    expect(failed).not.toContain("Mes exercices");
  });

  it("lists 'Mes routines' with each one's exercise count, last run and 'Commencer', five at most", () => {
    const empty = body(emptyData);
    expect(empty).toContain("Mes routines");
    expect(empty).toContain("Aucune routine pour l'instant");
    const routine = (index: number, lastDoneAt: string | null) => ({
      id: `r${index}`,
      name: `Routine ${index}`,
      exerciseCount: index,
      lastDoneAt,
    });
    const routines = [routine(1, "2026-11-21T09:00:00.000Z"), ...[2, 3, 4, 5, 6].map((index) => routine(index, null))];
    const element = bodyOf({ ...emptyData, routines });
    const html = renderHtml(element);
    expect(html).toContain('href="/routines/r1"');
    expect(html).toContain('href="/routines/r1/commencer"');
    expect(html).toContain('href="/routines/r5/commencer"');
    expect(html).not.toContain('href="/routines/r6"');
    const text = render(element);
    expect(text).toContain("1 exercice · faite le 21/11");
    expect(text).toContain("2 exercices · jamais faite");
    expect(text).toContain("Toutes mes routines (6)");
    expect(text).not.toContain("Aucune routine pour l'instant");

    const failed = body({
      ...emptyData,
      errors: { history: false, sessions: false, summary: false, exercises: false, routines: true },
    });
    expect(failed).toContain("Erreur de chargement de tes routines");
    expect(failed).not.toContain("Mes routines");
  });

  it("says 'Chargement…' while the dashboard's texts are on their way", () => {
    const text = render(bodyOf(emptyData), { namespaces: ["common", "account"], lazy: true });
    expect(text.trim()).toBe("Chargement…");
  });

  it("says 'Chargement…' in the account dialog while the dashboard's data is not there", () => {
    const dialog: AccountDialogApi = {
      closeHref: "/",
      hrefFor: (view) => `/?compte=${view}`,
      requestClose: () => {},
      notify: () => {},
      flash: null,
      hydrated: false,
    };
    const text = render(
      <AccountDialogContext.Provider value={dialog}>
        <HistoryView user={user} />
      </AccountDialogContext.Provider>,
    );
    expect(text).toContain("Salut Léa");
    expect(text).toContain("Chargement…");
  });
});
