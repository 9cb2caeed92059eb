import { startTransition, useEffect, useOptimistic, useRef } from "react";
import { type BuilderAction, type BuilderState, toggledTick } from "~/domain/workout/builder-state";
import { BUILDER_PARAMS, formatBuilderAction } from "~/domain/workout/builder-url";
import { EQUIPMENT_IDS, EXERCISE_KINDS, MUSCLE_ZONES } from "~/domain/workout/catalogue-ids";
import type { BuilderView } from "~/services/workout/builder.server";
import { ExerciseMeta, useMetaLabels } from "./exercise-meta";
import { CheckIcon, SearchIcon } from "./workout-icons";
import styles from "./workout.module.css";
import { useWorkoutT } from "./workout-texts";

/** Typing pauses this long before the results follow. */
const SEARCH_DEBOUNCE_MS = 300;

/**
 * 'Ajouter d'autres exercices': a name box and three filters, the results
 * with a checkbox each (those already in the session disabled and tagged),
 * and the add button with the count. A GET form without JavaScript; with
 * it, results follow the typing and Enter ticks the first match not yet
 * added.
 */
export function SearchPanel({
  state,
  view,
  hydrated,
  loading,
  nothingTicked,
  dispatch,
}: {
  state: BuilderState;
  view: BuilderView;
  hydrated: boolean;
  loading: boolean;
  nothingTicked: boolean;
  dispatch: (action: BuilderAction) => Promise<void>;
}) {
  const t = useWorkoutT();
  const alreadyAdded = t("search.alreadyAdded");
  const { search } = state;
  // A tick shows at once and stays until the new state has arrived: that
  // state comes with a navigation, rendered as a transition, and while the
  // page is busy rendering the previous one a controlled checkbox would be
  // set back to its old value in between (seen as a failed click).
  const [shownTicked, showToggled] = useOptimistic(search.ticked, toggledTick);
  function toggleTick(id: string) {
    startTransition(async () => {
      showToggled(id);
      await dispatch({ kind: "toggle-tick", id });
    });
  }
  const results = (view.searchResults?.ids ?? []).filter((id) => view.exercises[id]);
  const total = view.searchResults?.total ?? 0;
  const labels = useMetaLabels();
  const tickedElsewhere = search.ticked.filter((id) => !results.includes(id));
  const debounce = useRef<number | undefined>(undefined);
  /** Enter pressed before the results of the typed text arrived: tick once they are here. */
  const tickWhenLoaded = useRef<string | null>(null);

  useEffect(() => () => window.clearTimeout(debounce.current), []);

  const loadedText = view.state.search.text;
  const loadedIds = view.searchResults?.ids;
  useEffect(() => {
    if (tickWhenLoaded.current === null || tickWhenLoaded.current !== loadedText || !loadedIds) return;
    tickWhenLoaded.current = null;
    dispatch({ kind: "tick-first", ids: loadedIds });
  }, [loadedText, loadedIds, dispatch]);

  function submitSoon(form: HTMLFormElement | null) {
    window.clearTimeout(debounce.current);
    debounce.current = window.setTimeout(() => form?.requestSubmit(), SEARCH_DEBOUNCE_MS);
  }

  function onSearchKeyDown(event: React.KeyboardEvent<HTMLInputElement>) {
    if (event.key !== "Enter" || !hydrated) return;
    event.preventDefault();
    const typed = event.currentTarget.value.trim();
    if (typed === loadedText && loadedIds) {
      dispatch({ kind: "tick-first", ids: loadedIds });
      return;
    }
    window.clearTimeout(debounce.current);
    tickWhenLoaded.current = typed;
    event.currentTarget.form?.requestSubmit();
  }

  const count = shownTicked.length;
  return (
    <section className={styles.searchPanel} aria-labelledby="builder-heading">
      <header className={styles.stepHeader}>
        <h2 id="builder-heading" tabIndex={-1}>
          {t("search.title")}
        </h2>
        <p className={styles.prompt}>{t("search.intro")}</p>
      </header>

      <div className={styles.searchFilters}>
        <div className={`field ${styles.searchField}`}>
          <label className="field-label" htmlFor="search-text">
            {t("search.nameLabel")}
          </label>
          <input
            id="search-text"
            type="search"
            name={BUILDER_PARAMS.searchText}
            className="field-input"
            defaultValue={search.text}
            placeholder={t("search.namePlaceholder")}
            maxLength={80}
            autoComplete="off"
            aria-describedby={hydrated ? "search-text-hint" : undefined}
            onChange={(event) => submitSoon(event.currentTarget.form)}
            onKeyDown={onSearchKeyDown}
          />
          {hydrated ? (
            <p id="search-text-hint" className="field-hint">
              {t("search.enterHint")}
            </p>
          ) : null}
        </div>
        <SearchSelect
          id="search-kind"
          name={BUILDER_PARAMS.searchKind}
          label={t("search.typeLabel")}
          value={search.kind ?? ""}
          options={[["", t("search.allTypes")], ...EXERCISE_KINDS.map((kind) => [kind, t(`kinds.${kind}`)] as const)]}
        />
        <SearchSelect
          id="search-muscle"
          name={BUILDER_PARAMS.searchMuscle}
          label={t("search.muscleLabel")}
          value={search.muscle ?? ""}
          options={[["", t("search.allMuscles")], ...MUSCLE_ZONES.map((zone) => [zone, t(`zones.${zone}`)] as const)]}
        />
        <SearchSelect
          id="search-equipment"
          name={BUILDER_PARAMS.searchEquipment}
          label={t("search.equipmentLabel")}
          value={search.equipment ?? ""}
          options={[["", t("search.allEquipment")], ...EQUIPMENT_IDS.map((id) => [id, t(`equipment.${id}`)] as const)]}
        />
        <button
          type="submit"
          name="action"
          value={formatBuilderAction({ kind: "refresh" })}
          className={`button button-secondary ${styles.searchSubmit}`}
        >
          <SearchIcon />
          {t("search.submit")}
        </button>
      </div>

      <output className={styles.status} aria-live="polite">
        {loading ? (
          <p className={styles.loading}>
            <span className="spinner" aria-hidden="true" />
            {t("list.loading")}
          </p>
        ) : view.catalogue === "unavailable" ? null : results.length > 0 ? (
          <p className={styles.count}>
            {t("search.resultsCount", { count: total })}
            {total > results.length ? ` ${t("search.resultsShown", { shown: results.length })}` : ""}
          </p>
        ) : null}
      </output>

      {view.catalogue === "unavailable" ? (
        <p className={`form-alert form-alert-error ${styles.alert}`} role="alert">
          {t("errors.unavailable")}
        </p>
      ) : results.length === 0 && !loading ? (
        <p className={styles.empty}>{t("search.noResults")}</p>
      ) : (
        <ul className={styles.resultList} data-loading={loading || undefined}>
          {results.map((id) => {
            const exercise = view.exercises[id]!;
            const added = state.chosen.includes(id);
            const ticked = added || shownTicked.includes(id);
            return (
              <li key={id} className={styles.result} data-added={added || undefined}>
                <input
                  id={`tick-${id}`}
                  type="checkbox"
                  name={added ? undefined : BUILDER_PARAMS.ticked}
                  value={id}
                  className={`checkbox ${styles.resultCheckbox}`}
                  checked={ticked}
                  disabled={added}
                  onChange={() => toggleTick(id)}
                />
                <label htmlFor={`tick-${id}`} className={styles.resultLabel}>
                  <span className={styles.exerciseName}>{exercise.name}</span>
                  <ExerciseMeta exercise={exercise} labels={labels} />
                  {added ? (
                    <span className={styles.addedTag}>
                      <CheckIcon className={styles.addedIcon} />
                      {alreadyAdded}
                    </span>
                  ) : null}
                </label>
              </li>
            );
          })}
        </ul>
      )}
      {tickedElsewhere.map((id) => (
        <input key={id} type="hidden" name={BUILDER_PARAMS.ticked} value={id} />
      ))}
      {tickedElsewhere.length > 0 ? (
        <p className={styles.count}>{t("search.tickedElsewhere", { count: tickedElsewhere.length })}</p>
      ) : null}

      <output className={styles.messageSlot} aria-live="polite">
        {nothingTicked ? <p className="form-alert form-alert-info">{t("search.nothingTicked")}</p> : null}
      </output>
      <div className={styles.navRow}>
        <button
          type="submit"
          name="action"
          value={formatBuilderAction({ kind: "cancel-search" })}
          className="button button-secondary"
        >
          {t("search.cancel")}
        </button>
        <button
          type="submit"
          name="action"
          value={formatBuilderAction({ kind: "confirm-search" })}
          className="button button-accent"
          disabled={hydrated && count === 0}
        >
          {hydrated ? t("search.addCount", { count }) : t("search.addTicked")}
        </button>
      </div>
    </section>
  );
}

function SearchSelect({
  id,
  name,
  label,
  value,
  options,
}: {
  id: string;
  name: string;
  label: string;
  value: string;
  options: (readonly [string, string])[];
}) {
  return (
    <div className="field">
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      <select
        id={id}
        name={name}
        className="field-input"
        defaultValue={value}
        key={value}
        onChange={(event) => event.currentTarget.form?.requestSubmit()}
      >
        {options.map(([optionValue, text]) => (
          <option key={optionValue} value={optionValue}>
            {text}
          </option>
        ))}
      </select>
    </div>
  );
}
