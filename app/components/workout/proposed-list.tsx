import type { BuilderAction, BuilderState } from "~/domain/workout/builder-state";
import { BUILDER_PARAMS, formatBuilderAction, SORT_VALUES } from "~/domain/workout/builder-url";
import { SORT_ORDERS } from "~/domain/workout/sort-orders";
import type { BuilderView } from "~/services/workout/builder.server";
import { ForcedChoicesNote } from "./choice-steps";
import { ChosenList } from "./chosen-list";
import { ExerciseDescription } from "./exercise-description";
import { ExerciseMeta, useMetaLabels } from "./exercise-meta";
import { loadSearchPanel } from "./search-panel-loader";
import { SearchIcon, UndoIcon } from "./workout-icons";
import styles from "./workout.module.css";
import { useWorkoutT } from "./workout-texts";

const prefetchSearch = () => void loadSearchPanel();

/** Step 4: the chosen exercises (in session order) and the suggestions. */
export function ProposedList({
  state,
  view,
  hydrated,
  loading,
  dispatch,
}: {
  state: BuilderState;
  view: BuilderView;
  hydrated: boolean;
  loading: boolean;
  dispatch: (action: BuilderAction) => void;
}) {
  const t = useWorkoutT();
  const addText = t("list.add");
  const dismissText = t("list.dismiss");
  const chosenCount = state.chosen.filter((id) => view.exercises[id]).length;
  // While new suggestions load, the old ones minus what was just added or dismissed.
  const hidden = new Set([...state.chosen, ...state.dismissed]);
  const suggestions = (view.suggestions?.ids ?? []).filter((id) => !hidden.has(id) && view.exercises[id]);
  const total = view.suggestions?.total ?? 0;
  const labels = useMetaLabels();
  const descriptionLabels = { more: t("list.readMore"), less: t("list.readLess") };

  return (
    <div className={styles.proposed}>
      <ForcedChoicesNote state={state} />
      <section className={styles.panel} aria-labelledby="chosen-title">
        <header className={styles.panelHeader}>
          <h3 id="chosen-title">{t("list.chosenTitle")}</h3>
          <p className={styles.count}>{t("list.chosenCount", { count: chosenCount })}</p>
        </header>
        <ChosenList
          ids={state.chosen}
          exercises={view.exercises}
          labels={labels}
          hydrated={hydrated}
          dispatch={dispatch}
        />
        <div className={styles.panelFooter}>
          <button
            type="submit"
            name="action"
            value={formatBuilderAction({ kind: "open-search" })}
            className="button button-secondary"
            // The search's code loads while the hand moves (search-panel-loader.ts).
            onPointerEnter={prefetchSearch}
            onFocus={prefetchSearch}
            onTouchStart={prefetchSearch}
          >
            <SearchIcon />
            {t("list.addMore")}
          </button>
        </div>
      </section>

      <section className={styles.panel} aria-labelledby="suggestions-title" aria-busy={loading || undefined}>
        <header className={styles.panelHeader}>
          <h3 id="suggestions-title">{t("list.suggestionsTitle")}</h3>
          <div className={styles.sortRow}>
            <label className={styles.sortLabel} htmlFor="suggestions-sort">
              {t("list.sortLabel")}
            </label>
            <select
              id="suggestions-sort"
              name={BUILDER_PARAMS.sort}
              className={`field-input ${styles.select}`}
              defaultValue={SORT_VALUES[state.sort]}
              key={state.sort}
              onChange={(event) => event.currentTarget.form?.requestSubmit()}
            >
              {SORT_ORDERS.map((order) => (
                <option key={order} value={SORT_VALUES[order]}>
                  {t(`list.sort.${order}`)}
                </option>
              ))}
            </select>
            {hydrated ? null : (
              <button
                type="submit"
                name="action"
                value={formatBuilderAction({ kind: "refresh" })}
                className="button button-ghost"
              >
                {t("list.sortApply")}
              </button>
            )}
          </div>
        </header>
        <output className={styles.status} aria-live="polite">
          {loading ? (
            <p className={styles.loading}>
              <span className="spinner" aria-hidden="true" />
              {t("list.loading")}
            </p>
          ) : view.catalogue === "unavailable" ? null : suggestions.length > 0 ? (
            <p className={styles.count}>
              {t("list.suggestionsCount", { count: total })}
              {total > suggestions.length ? ` ${t("list.suggestionsShown", { shown: suggestions.length })}` : ""}
            </p>
          ) : null}
        </output>
        {view.catalogue === "unavailable" ? (
          <p className={`form-alert form-alert-error ${styles.alert}`} role="alert">
            {t("errors.unavailable")}
          </p>
        ) : suggestions.length === 0 && !loading ? (
          <p className={styles.empty}>{t("list.noResults")}</p>
        ) : (
          <ul className={styles.suggestionList} data-loading={loading || undefined}>
            {suggestions.map((id) => {
              const exercise = view.exercises[id]!;
              return (
                // A flat grid (few elements: twelve of these make most of the page). Each button
                // is named by its text and the exercise's name: "Ajouter Développé couché".
                <li key={id} className={styles.suggestion} data-id={id}>
                  <span id={`name-${id}`} className={`${styles.exerciseName} ${styles.suggestionName}`}>
                    {exercise.name}
                  </span>
                  <ExerciseMeta exercise={exercise} labels={labels} className={styles.suggestionMeta} />
                  <ExerciseDescription
                    text={exercise.description}
                    labels={descriptionLabels}
                    describedBy={`name-${id}`}
                  />
                  <button
                    type="submit"
                    name="action"
                    value={formatBuilderAction({ kind: "add", id })}
                    id={`add-${id}`}
                    aria-labelledby={`add-${id} name-${id}`}
                    className={`button button-primary ${styles.small} ${styles.addButton}`}
                  >
                    {addText}
                  </button>
                  <button
                    type="submit"
                    name="action"
                    value={formatBuilderAction({ kind: "dismiss", id })}
                    id={`dismiss-${id}`}
                    aria-labelledby={`dismiss-${id} name-${id}`}
                    className={`button button-ghost ${styles.small} ${styles.dismissButton}`}
                  >
                    {dismissText}
                  </button>
                </li>
              );
            })}
          </ul>
        )}
        <div className={styles.panelFooter}>
          {!state.allSuggestions && total > suggestions.length && suggestions.length > 0 ? (
            <button
              type="submit"
              name="action"
              value={formatBuilderAction({ kind: "more-suggestions" })}
              className="button button-secondary"
            >
              {t("list.moreSuggestions")}
            </button>
          ) : null}
          <button
            type="submit"
            name="action"
            value={formatBuilderAction({ kind: "reset-dismissed" })}
            className="button button-ghost"
            disabled={state.dismissed.length === 0}
          >
            <UndoIcon />
            {t("list.resetSuggestions")}
          </button>
        </div>
      </section>
    </div>
  );
}
