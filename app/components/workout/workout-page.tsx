import { Suspense, useEffect, useMemo, useRef, useState } from "react";
import { LAST_STEP } from "~/domain/workout/builder-state";
import { BUILDER_PARAMS, formatBuilderAction } from "~/domain/workout/builder-url";
import { RANDOM_TEXT_COUNTS } from "~/domain/workout/random-texts";
import { componentOnDemand } from "~/lib/load-on-demand";
import type { BuilderView } from "~/services/workout/builder.server";
import { UserPanel, TipCard } from "./below-builder";
import { loadBuilderSteps } from "./builder-steps-loader";
import { loadSearchPanel } from "./search-panel-loader";
import { StateFields } from "./state-fields";
import type { LastSessionView } from "~/services/workout/sessions.server";
import { LastSession } from "./session/last-session";
import type { SessionViewProps } from "./session/session-view";
import { loadSessionView } from "./session/session-view-loader";
import { plannedFromCards, useBuilder } from "./use-builder";
import { usePageWorkoutT, WorkoutTextsProvider } from "./workout-texts";
import styles from "./workout.module.css";

/** Where a form sent without JavaScript brings the page back to. */
export const BUILDER_ANCHOR = "constructeur";
/** The builder's GET form: the session view's 'Retour' and 'Recommencer' belong to it. */
export const BUILDER_FORM_ID = "constructeur-formulaire";
/** The session name saves itself this long after the last key. */
const NAME_DEBOUNCE_MS = 500;

const PROMPT_GROUPS = ["type", "equipment", "muscle"] as const;

/** The fields each view shows as real inputs: the hidden state fields leave them out. */
function visibleFields(mode: string, step: number): string[] {
  const fields: string[] = [BUILDER_PARAMS.sessionName];
  if (mode === "builder" && step === LAST_STEP) fields.push(BUILDER_PARAMS.sort);
  if (mode === "search") {
    fields.push(
      BUILDER_PARAMS.searchText,
      BUILDER_PARAMS.searchKind,
      BUILDER_PARAMS.searchMuscle,
      BUILDER_PARAMS.searchEquipment,
      BUILDER_PARAMS.ticked,
    );
  }
  return fields;
}

export interface WorkoutUser {
  /** The name the greetings use (first name, else display name, else pseudo). */
  name: string;
  id: string;
}

/** The session view, its code loaded on demand (session-view-loader.ts). */
const SessionView = componentOnDemand(loadSessionView, "default");

/** The builder's steps, their code loaded on demand (builder-steps-loader.ts). */
const BuilderStepsPart = componentOnDemand(loadBuilderSteps, "BuilderSteps");

/** The search mode, its code loaded on demand (search-panel-loader.ts). */
const SearchPanel = componentOnDemand(loadSearchPanel, "SearchPanel");

const startLoadingSessionView = () => void loadSessionView();
const prefetchSessionView = {
  onPointerEnter: startLoadingSessionView,
  onFocus: startLoadingSessionView,
  onTouchStart: startLoadingSessionView,
};

/**
 * The training page: greeting, session name, and one GET form holding the
 * builder (four steps), the search mode or the session. Every button of the
 * form sends the whole state with its action, so the page works without
 * JavaScript; with it, the same form is handled in place.
 */
export function WorkoutPage({
  view,
  user,
  session,
  lastSession = null,
  routineHtml = null,
}: {
  view: BuilderView;
  user: WorkoutUser | null;
  /** The signed-in user's last session, shown in the user panel. */
  lastSession?: LastSessionView | null;
  /** 'Mes routines' and 'Enregistrer comme routine', rendered by the server as plain HTML (no script of their own). */
  routineHtml?: { shelf: string | null; save: string | null } | null;
  /** The session view's start and the answer to its form sent without JavaScript. */
  session: Pick<SessionViewProps, "formStart" | "formResult" | "pageHref" | "language" | "memory">;
}) {
  const t = usePageWorkoutT();
  const builder = useBuilder(view);
  const { state, hydrated } = builder;
  // Random picks are made once per visit, not again at each step.
  const [picks] = useState(view.picks);
  const greeting = t(`greetings.${user ? "named" : "generic"}.${picks.greeting % RANDOM_TEXT_COUNTS.greetings}`, {
    name: user?.name,
  });

  // After a step or mode change made here, the new step's heading takes the focus.
  const heading = useRef<string | null>(null);
  const viewKey = `${state.mode}-${state.step}`;
  useEffect(() => {
    if (heading.current !== null && heading.current !== viewKey) {
      document.getElementById("builder-heading")?.focus({ preventScroll: false });
    }
    heading.current = viewKey;
  }, [viewKey]);

  const nameTimer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(nameTimer.current), []);
  function onNameChange(event: React.ChangeEvent<HTMLInputElement>) {
    const form = event.currentTarget.form;
    const empty = event.currentTarget.value.trim() === "";
    window.clearTimeout(nameTimer.current);
    // An emptied box is someone about to type a new name: wait for it.
    if (!empty) nameTimer.current = window.setTimeout(() => form?.requestSubmit(), NAME_DEBOUNCE_MS);
  }

  /** One of the assistant's three phrases for the step's choice, picked at random once per visit. */
  function assistantPrompt(step: number): string {
    const group = PROMPT_GROUPS[step];
    if (!group) return t("prompts.list");
    return t(`prompts.${group}.${(picks.prompts[step] ?? 0) % RANDOM_TEXT_COUNTS.prompts}`);
  }

  const planned = plannedFromCards(state.chosen, view.exercises);
  const descriptions = useMemo(
    () => Object.fromEntries(Object.values(view.exercises).map((card) => [card.id, card.description])),
    [view.exercises],
  );
  const promptId = "builder-prompt";
  return (
    <WorkoutTextsProvider t={t}>
      <div className={`section-inner ${styles.page} ${state.mode === "session" ? styles.inSession : ""}`}>
        <form
          id={BUILDER_FORM_ID}
          method="get"
          action={`/exo#${BUILDER_ANCHOR}`}
          className={styles.form}
          onSubmit={builder.onSubmit}
          aria-labelledby="workout-title"
          data-hydrated={hydrated || undefined}
        >
          {/* The form's default button: Enter in a text box saves what was typed, nothing else. */}
          <button
            type="submit"
            name="action"
            value={formatBuilderAction({ kind: "refresh" })}
            className="visually-hidden"
            tabIndex={-1}
            aria-hidden="true"
          >
            {t("actions.save")}
          </button>
          {/* In a session the clock and the first exercise come first: the builder's introduction steps aside. */}
          <header className={styles.pageHeader}>
            {state.mode === "session" ? null : <p className="eyebrow">{t("eyebrow")}</p>}
            <h1 id="workout-title" className={state.mode === "session" ? "visually-hidden" : undefined}>
              {greeting}
            </h1>
            {state.mode === "session" ? null : <p className={styles.intro}>{t("intro")}</p>}
            <div className={`field ${styles.sessionName}`}>
              <label className="field-label" htmlFor="session-name">
                {t("sessionName.label")}
              </label>
              <input
                id="session-name"
                name={BUILDER_PARAMS.sessionName}
                className="field-input"
                defaultValue={state.sessionName || view.defaultSessionName}
                key={state.sessionName === "" ? "default" : "custom"}
                maxLength={80}
                autoComplete="off"
                onChange={onNameChange}
              />
            </div>
          </header>

          <StateFields state={state} omit={visibleFields(state.mode, state.step)} />

          <div id={state.mode === "session" ? undefined : BUILDER_ANCHOR} className={styles.builder}>
            {state.mode === "builder" ? (
              <Suspense fallback={<output className={styles.sessionLoading}>{t("list.loading")}</output>}>
                <BuilderStepsPart
                  builder={builder}
                  view={view}
                  t={t}
                  prompt={assistantPrompt(state.step)}
                  promptId={promptId}
                  routineShelf={routineHtml?.shelf ?? null}
                  aboutToStart={prefetchSessionView}
                />
              </Suspense>
            ) : null}
            {state.mode === "search" ? (
              <div className={styles.stepCard}>
                <Suspense fallback={<output className={styles.sessionLoading}>{t("list.loading")}</output>}>
                  <SearchPanel
                    state={state}
                    view={view}
                    hydrated={hydrated}
                    loading={builder.listsLoading}
                    nothingTicked={builder.nothingTicked}
                    dispatch={builder.dispatch}
                  />
                </Suspense>
              </div>
            ) : null}
          </div>
        </form>
        {state.mode === "builder" && state.step === LAST_STEP && routineHtml?.save ? (
          <div dangerouslySetInnerHTML={{ __html: routineHtml.save }} />
        ) : null}
        {state.mode === "session" ? (
          // Out of the builder's form: the session is a form of its own, posted to the route action.
          <div id={BUILDER_ANCHOR} className={styles.builder}>
            <div className={styles.stepCard}>
              <Suspense fallback={<output className={styles.sessionLoading}>{t("sessionLoading")}</output>}>
                <SessionView
                  {...session}
                  sessionName={state.sessionName || view.defaultSessionName}
                  userName={user?.name ?? null}
                  userId={user?.id ?? null}
                  exercises={planned}
                  descriptions={descriptions}
                  builderFormId={BUILDER_FORM_ID}
                  hydrated={hydrated}
                  routineId={state.routine}
                  routineSave={routineHtml?.save ?? null}
                />
              </Suspense>
            </div>
          </div>
        ) : null}
        <div className={styles.below}>
          {user ? (
            <UserPanel
              name={user.name}
              lastSession={lastSession ? <LastSession session={lastSession} language={session.language} /> : null}
            />
          ) : (
            <TipCard start={picks.tip} count={RANDOM_TEXT_COUNTS.tips} />
          )}
        </div>
      </div>
    </WorkoutTextsProvider>
  );
}
