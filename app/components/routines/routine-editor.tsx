import { useEffect, useLayoutEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Form, Link, useNavigation, useSubmit } from "react-router";
import { withAccountView } from "~/components/account/account-url";
import { CloseIcon } from "~/components/layout/icons";
import {
  formatRoutineIntent,
  ROUTINE_FORM_FIELDS as F,
  type RoutineFieldError,
  type RoutineFormExercise,
  type RoutineFormState,
  type RoutineFormTarget,
} from "~/domain/workout/routine-form-fields";
import type { SessionMode } from "~/domain/workout/session-entries";
import type { TFunction } from "~/i18n/translator";
import { formatDayMonth } from "~/lib/date-format";
import { useHydrated } from "~/lib/use-hydrated";
import { routinePath, routineStartPath, ROUTINES_PATH } from "~/lib/routine-paths";
import type { RoutineFlash, RoutineSearch } from "~/services/workout/routines.server";
import { routineFlashText } from "./routine-flash";
import styles from "./routines.module.css";

/** A routine holds 20 targets per exercise at most: past that, no row is offered. */
const MAX_TARGETS = 20;
/** Mouse: a 5 px move starts a drag; touch: a 100 ms press within 5 px. */
const DRAG = { fallbackTolerance: 5, delay: 100, touchStartThreshold: 5 };

type Page =
  | { state: "signed-out" | "not-found"; title: string }
  | {
      state: "ready";
      title: string;
      routine: { id: string; name: string; exerciseCount: number; lastDoneAt: string | null };
      form: RoutineFormState;
      names: Record<string, string>;
      modes: readonly SessionMode[];
      search: RoutineSearch;
      flash: RoutineFlash | null;
      confirmDelete: boolean;
    };

/** The action's answer: the form as posted (not saved) with why, or a refusal alone. */
interface Answer {
  form: RoutineFormState | null;
  message: string | null;
  errors: RoutineFieldError[];
  unsaved: boolean;
}

/** The routine's page: see app/routes/routines.$id.tsx. */
export function RoutineEditor({ page, answer }: { page: Page; answer: Answer | null }) {
  const { t } = useTranslation("routines");
  if (page.state !== "ready") {
    return (
      <div className={`section-inner ${styles.page}`}>
        <p>
          <Link to={ROUTINES_PATH}>{t("back")}</Link>
        </p>
        <h1>{page.title}</h1>
        {page.state === "signed-out" ? (
          <>
            <p className="form-alert form-alert-info">{t("visitor")}</p>
            <p>
              <Link to={withAccountView(ROUTINES_PATH, "login")} className="button button-primary">
                {t("login")}
              </Link>
            </p>
          </>
        ) : null}
      </div>
    );
  }
  return <ReadyRoutine page={page} answer={answer} t={t} />;
}

function ReadyRoutine({
  page,
  answer,
  t,
}: {
  page: Extract<Page, { state: "ready" }>;
  answer: Answer | null;
  t: TFunction;
}) {
  const { t: dashboardT, i18n } = useTranslation("dashboard");
  const { routine } = page;
  const form = answer?.form ?? page.form;
  const here = routinePath(routine.id);
  return (
    <div className={`section-inner ${styles.page}`}>
      <p>
        <Link to={ROUTINES_PATH}>{t("back")}</Link>
      </p>
      <header className={styles.header}>
        <h1>{routine.name}</h1>
        <p className={styles.muted}>
          {dashboardT("routines.exercises", { count: routine.exerciseCount })} ·{" "}
          {routine.lastDoneAt
            ? dashboardT("routines.lastDone", { date: formatDayMonth(i18n.language, routine.lastDoneAt) })
            : dashboardT("routines.neverDone")}
        </p>
        <div className="button-row">
          <a href={routineStartPath(routine.id)} className="button button-accent">
            {t("start")}
          </a>
          <Form method="post" action={here}>
            <button
              type="submit"
              name={F.intent}
              value={formatRoutineIntent({ kind: "duplicate" })}
              className="button button-secondary"
            >
              {t("duplicate")}
            </button>
          </Form>
          <Link to={`${here}?supprimer=1`} className="button button-ghost" preventScrollReset>
            {t("delete")}
          </Link>
        </div>
      </header>
      <output className={styles.status}>
        {page.flash ? <p className="form-alert form-alert-success">{routineFlashText(t, page.flash)}</p> : null}
      </output>
      {page.confirmDelete ? (
        <section className={styles.confirm} aria-labelledby="routine-delete-title">
          <h2 id="routine-delete-title">{t("deleteTitle")}</h2>
          <p>{t("deleteText", { name: routine.name })}</p>
          <Form method="post" action={here} className="button-row">
            <button
              type="submit"
              name={F.intent}
              value={formatRoutineIntent({ kind: "delete" })}
              className="button button-danger"
            >
              {t("deleteConfirm")}
            </button>
            <Link to={here} className="button button-secondary" preventScrollReset>
              {t("cancel")}
            </Link>
          </Form>
        </section>
      ) : null}
      {answer && !answer.form && answer.message ? (
        <p className="form-alert form-alert-error" role="alert">
          {answer.message}
        </p>
      ) : null}
      {/* A new form (its fields' values) for each state the server sends. */}
      <RoutineForm key={JSON.stringify(form)} page={page} form={form} answer={answer} t={t} />
      <AddExercises page={page} t={t} />
    </div>
  );
}

/**
 * The list's order while the user drags or carries an exercise; the move is
 * then posted (the form as it stands saves) and the page comes back with it.
 */
function useReorder(ids: readonly string[], onMoved: () => void) {
  const [order, setOrder] = useState(ids);
  const [carried, setCarried] = useState<{ id: string; from: number } | null>(null);
  const moved = useRef(false);
  useEffect(() => {
    if (!moved.current) return;
    moved.current = false;
    onMoved();
  });
  const place = (id: string, to: number) =>
    setOrder((current) => {
      const next = current.filter((candidate) => candidate !== id);
      next.splice(Math.max(0, Math.min(next.length, to)), 0, id);
      return next;
    });
  return {
    order,
    carried,
    setCarried,
    place,
    /** The order is the one to keep: post it once the list shows it. */
    commit: () => {
      moved.current = true;
      setOrder((current) => [...current]);
    },
    restore: (id: string, from: number) => place(id, from),
  };
}

function RoutineForm({
  page,
  form,
  answer,
  t,
}: {
  page: Extract<Page, { state: "ready" }>;
  form: RoutineFormState;
  answer: Answer | null;
  t: TFunction;
}) {
  const { t: workoutT, i18n } = useTranslation("workout");
  const hydrated = useHydrated();
  const submit = useSubmit();
  const navigation = useNavigation();
  const formRef = useRef<HTMLFormElement>(null);
  const list = useRef<HTMLOListElement>(null);
  const [announcement, setAnnouncement] = useState("");
  const byId = new Map(form.exercises.map((exercise) => [exercise.exerciseId, exercise]));
  const nameOf = (id: string) => page.names[id] ?? id;
  const reorder = useReorder(
    form.exercises.map((exercise) => exercise.exerciseId),
    () => {
      if (formRef.current) void submit(formRef.current, { method: "post", preventScrollReset: true });
    },
  );
  const { order, carried } = reorder;
  const total = order.length;
  const say = (key: "grabbed" | "moved" | "dropped" | "cancelled", id: string, position: number) =>
    setAnnouncement(workoutT(`list.${key}`, { name: nameOf(id), position: position + 1, total }));

  // Mouse and touch: sortablejs, loaded here only, moves the row; it is put back and React moves it.
  const placeRef = useRef(reorder);
  useLayoutEffect(() => {
    placeRef.current = reorder;
  });
  useEffect(() => {
    const element = list.current;
    if (!hydrated || !element) return;
    let sortable: { destroy(): void } | null = null;
    let cancelled = false;
    void import("sortablejs").then(({ default: Sortable }) => {
      if (cancelled) return;
      sortable = Sortable.create(element, {
        handle: "[data-drag-handle]",
        forceFallback: true,
        fallbackOnBody: true,
        delayOnTouchOnly: true,
        scrollSensitivity: Math.round(window.innerHeight * 0.2),
        animation: window.matchMedia("(prefers-reduced-motion: reduce)").matches ? 0 : 150,
        ...DRAG,
        onEnd({ item, from, oldIndex, newIndex }) {
          if (oldIndex === undefined || newIndex === undefined || oldIndex === newIndex) return;
          item.remove();
          from.insertBefore(item, from.children[oldIndex] ?? null);
          const id = item.dataset.id!;
          placeRef.current.place(id, newIndex);
          placeRef.current.commit();
          setAnnouncement(workoutT("list.dropped", { name: page.names[id] ?? id, position: newIndex + 1, total }));
        },
      });
      element.dataset.sortable = "ready";
    });
    return () => {
      cancelled = true;
      sortable?.destroy();
    };
  }, [hydrated, total, page.names, workoutT]);

  // The keyboard: Space or Enter picks the exercise up, the arrows move it one place, Space, Enter or Tab drop it, Escape puts it back.
  const keepFocus = useRef<string | null>(null);
  useLayoutEffect(() => {
    if (keepFocus.current === null) return;
    list.current?.querySelector<HTMLElement>(`[data-id="${keepFocus.current}"] [data-drag-handle]`)?.focus();
    keepFocus.current = null;
  });
  function onHandleKey(event: React.KeyboardEvent, id: string) {
    const position = order.indexOf(id);
    const key = event.key;
    if (!carried) {
      if (key !== " " && key !== "Enter") return;
      event.preventDefault();
      reorder.setCarried({ id, from: position });
      say("grabbed", id, position);
      return;
    }
    if (key === "ArrowUp" || key === "ArrowDown") {
      event.preventDefault();
      const to = Math.max(0, Math.min(total - 1, position + (key === "ArrowUp" ? -1 : 1)));
      keepFocus.current = id;
      reorder.place(id, to);
      say("moved", id, to);
    } else if (key === "Escape") {
      event.preventDefault();
      keepFocus.current = id;
      reorder.restore(id, carried.from);
      reorder.setCarried(null);
      say("cancelled", id, carried.from);
    } else if (key === " " || key === "Enter" || key === "Tab") {
      if (key !== "Tab") event.preventDefault();
      reorder.setCarried(null);
      say("dropped", id, position);
      if (position !== carried.from) reorder.commit();
    }
  }

  const busy = navigation.state === "submitting";
  const errorOf = (field: string) => answer?.errors.find((error) => error.field === field);
  return (
    <Form method="post" ref={formRef} className={styles.form} preventScrollReset aria-busy={busy}>
      {/* The form's default button: Enter in a field saves. */}
      <button
        type="submit"
        name={F.intent}
        value={formatRoutineIntent({ kind: "save" })}
        className="visually-hidden"
        tabIndex={-1}
        aria-hidden="true"
      >
        {t("save")}
      </button>
      {answer?.form && answer.message ? (
        <p className="form-alert form-alert-error" role="alert">
          {answer.message}
        </p>
      ) : null}
      {answer?.unsaved ? <p className="form-alert form-alert-info">{t("unsaved")}</p> : null}
      <div className="field">
        <label className="field-label" htmlFor="routine-name">
          {t("nameLabel")}
        </label>
        <input
          id="routine-name"
          name={F.name}
          className="field-input"
          defaultValue={form.name}
          maxLength={80}
          required
          autoComplete="off"
        />
      </div>
      <h2 id="routine-exercises">{t("exercisesTitle")}</h2>
      <p className={styles.muted}>{t("exercisesHint")}</p>
      {hydrated ? (
        <p id="routine-drag-help" className="visually-hidden">
          {workoutT("list.dragHelp")}
        </p>
      ) : null}
      <ol ref={list} className={styles.exercises} aria-labelledby="routine-exercises">
        {order.map((id, index) => {
          const exercise = byId.get(id);
          return exercise ? (
            <ExerciseItem
              key={id}
              exercise={exercise}
              name={nameOf(id)}
              index={index}
              last={index === total - 1}
              modes={page.modes}
              hydrated={hydrated}
              carried={carried?.id === id}
              onHandleKey={(event) => onHandleKey(event, id)}
              errorOf={errorOf}
              t={t}
              language={i18n.language}
            />
          ) : null;
        })}
      </ol>
      <output className="visually-hidden" aria-live="polite">
        {announcement}
      </output>
      <div className="button-row">
        <button
          type="submit"
          name={F.intent}
          value={formatRoutineIntent({ kind: "save" })}
          className="button button-primary"
          disabled={busy}
        >
          {t("save")}
        </button>
      </div>
    </Form>
  );
}

function IntentButton({
  intent,
  label,
  className,
  disabled = false,
  children,
}: {
  intent: Parameters<typeof formatRoutineIntent>[0];
  label?: string;
  className: string | undefined;
  disabled?: boolean;
  children: React.ReactNode;
}) {
  return (
    <button
      type="submit"
      name={F.intent}
      value={formatRoutineIntent(intent)}
      className={className}
      aria-label={label}
      title={label}
      disabled={disabled}
    >
      {children}
    </button>
  );
}

function ExerciseItem({
  exercise,
  name,
  index,
  last,
  modes,
  hydrated,
  carried,
  onHandleKey,
  errorOf,
  t,
  language,
}: {
  exercise: RoutineFormExercise;
  name: string;
  index: number;
  last: boolean;
  modes: readonly SessionMode[];
  hydrated: boolean;
  carried: boolean;
  onHandleKey: (event: React.KeyboardEvent) => void;
  errorOf: (field: string) => RoutineFieldError | undefined;
  t: TFunction;
  language: string;
}) {
  const { t: workoutT } = useTranslation("workout-session");
  const id = exercise.exerciseId;
  const cardio = exercise.mode === "cardio";
  const titleId = `routine-exercise-${id}`;
  const applyMode = useRef<HTMLButtonElement>(null);
  return (
    <li data-id={id} className={styles.exercise} data-carried={carried || undefined}>
      <input type="hidden" name={F.order} value={id} />
      <div className={styles.exerciseHeader}>
        {hydrated ? (
          <button
            type="button"
            className={styles.handle}
            data-drag-handle=""
            aria-describedby="routine-drag-help"
            aria-pressed={carried}
            onKeyDown={onHandleKey}
          >
            <span aria-hidden="true">⠿</span>
            <span className="visually-hidden">{t("dragLabel", { name })}</span>
          </button>
        ) : null}
        <span className={styles.position} aria-hidden="true">
          {index + 1}
        </span>
        <h3 id={titleId} className={styles.exerciseName}>
          {name}
        </h3>
        <div className={styles.rowActions}>
          <IntentButton
            intent={{ kind: "move", exerciseId: id, by: -1 }}
            label={t("moveUpLabel", { name })}
            className={styles.iconButton}
            disabled={index === 0}
          >
            <span aria-hidden="true">↑</span>
          </IntentButton>
          <IntentButton
            intent={{ kind: "move", exerciseId: id, by: 1 }}
            label={t("moveDownLabel", { name })}
            className={styles.iconButton}
            disabled={last}
          >
            <span aria-hidden="true">↓</span>
          </IntentButton>
          <IntentButton
            intent={{ kind: "remove", exerciseId: id }}
            label={t("removeLabel", { name })}
            className={styles.iconButton}
          >
            <CloseIcon />
          </IntentButton>
        </div>
      </div>
      <fieldset className={styles.modes}>
        <legend>{t("mode")}</legend>
        {modes.map((mode) => (
          <label key={mode} className={styles.mode}>
            <input
              type="radio"
              name={F.mode(id)}
              value={mode}
              defaultChecked={exercise.mode === mode}
              onChange={(event) => event.currentTarget.form?.requestSubmit(applyMode.current)}
            />
            <span>{workoutT(`modes.${mode}`)}</span>
          </label>
        ))}
        <button
          ref={applyMode}
          type="submit"
          name={F.intent}
          value={formatRoutineIntent({ kind: "apply-mode", exerciseId: id })}
          className="button button-ghost"
        >
          {t("applyMode")}
        </button>
      </fieldset>
      <fieldset
        className={styles.targets}
        aria-describedby={exercise.targets.length === 0 ? `${titleId}-none` : undefined}
      >
        <legend>{t("targets")}</legend>
        {exercise.targets.length === 0 ? (
          <p id={`${titleId}-none`} className={styles.muted}>
            {t("noTargets")}
          </p>
        ) : (
          <ol className={styles.targetList}>
            {exercise.targets.map((target, row) => (
              <TargetRow
                key={row}
                exerciseId={id}
                name={name}
                row={row}
                target={target}
                cardio={cardio}
                errorOf={errorOf}
                t={t}
                language={language}
              />
            ))}
          </ol>
        )}
        {exercise.targets.length < MAX_TARGETS ? (
          <IntentButton intent={{ kind: "add-target", exerciseId: id }} className="button button-secondary">
            {t("addTarget")}
          </IntentButton>
        ) : null}
      </fieldset>
    </li>
  );
}

function TargetRow({
  exerciseId,
  name,
  row,
  target,
  cardio,
  errorOf,
  t,
  language,
}: {
  exerciseId: string;
  name: string;
  row: number;
  target: RoutineFormTarget;
  cardio: boolean;
  errorOf: (field: string) => RoutineFieldError | undefined;
  t: TFunction;
  language: string;
}) {
  const number = row + 1;
  const parts: { part: keyof RoutineFormTarget; label: string; decimals: boolean }[] = cardio
    ? [
        { part: "min", label: t("minutes"), decimals: false },
        { part: "sec", label: t("seconds"), decimals: false },
      ]
    : [
        { part: "reps", label: t("reps"), decimals: false },
        { part: "weight", label: t("weight"), decimals: true },
      ];
  const format = new Intl.NumberFormat(language);
  return (
    <li className={styles.targetRow}>
      <span className={styles.targetNumber}>{t("target", { number })}</span>
      {parts.map(({ part, label, decimals }) => {
        const field = F.target(exerciseId, row, part);
        const error = errorOf(field);
        return (
          <div key={part} className={styles.targetField}>
            <label className="field-label" htmlFor={field}>
              {label}
            </label>
            <input
              id={field}
              name={field}
              className="field-input"
              type="text"
              inputMode={decimals ? "decimal" : "numeric"}
              autoComplete="off"
              maxLength={20}
              defaultValue={target[part]}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${field}-erreur` : undefined}
            />
            {error ? (
              <p id={`${field}-erreur`} className="field-error">
                {t("invalidNumber", { min: format.format(error.min), max: format.format(error.max) })}
              </p>
            ) : null}
          </div>
        );
      })}
      <IntentButton
        intent={{ kind: "remove-target", exerciseId, index: row }}
        label={t("removeTargetLabel", { number, name })}
        className="button button-ghost"
      >
        {t("removeTarget")}
      </IntentButton>
    </li>
  );
}

/** The builder's search (its fields' names), and the exercises found ticked and added. */
function AddExercises({ page, t }: { page: Extract<Page, { state: "ready" }>; t: TFunction }) {
  const { t: workoutT } = useTranslation("workout");
  const { search } = page;
  const present = new Set(page.form.exercises.map((exercise) => exercise.exerciseId));
  const select = (
    id: string,
    name: string,
    label: string,
    all: string,
    values: readonly string[],
    value: string | null,
    prefix: string,
  ) => (
    <div className="field">
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      <select id={id} name={name} className="field-input" defaultValue={value ?? ""}>
        <option value="">{all}</option>
        {values.map((option) => (
          <option key={option} value={option}>
            {workoutT(`${prefix}.${option}`)}
          </option>
        ))}
      </select>
    </div>
  );
  return (
    <section className={styles.add} aria-labelledby="routine-add-title">
      <h2 id="routine-add-title">{t("addTitle")}</h2>
      <p className={styles.muted}>{t("addIntro")}</p>
      <Form method="get" className={styles.search} preventScrollReset>
        <div className="field">
          <label className="field-label" htmlFor="routine-search-text">
            {workoutT("search.nameLabel")}
          </label>
          <input
            id="routine-search-text"
            type="search"
            name="q"
            className="field-input"
            defaultValue={search.text}
            maxLength={80}
            placeholder={workoutT("search.namePlaceholder")}
            autoComplete="off"
          />
        </div>
        {select(
          "routine-search-kind",
          "ftype",
          workoutT("search.typeLabel"),
          workoutT("search.allTypes"),
          search.options.kinds,
          search.kind,
          "kinds",
        )}
        {select(
          "routine-search-muscle",
          "fmuscle",
          workoutT("search.muscleLabel"),
          workoutT("search.allMuscles"),
          search.options.muscles,
          search.muscle,
          "zones",
        )}
        {select(
          "routine-search-equipment",
          "fequipement",
          workoutT("search.equipmentLabel"),
          workoutT("search.allEquipment"),
          search.options.equipment,
          search.equipment,
          "equipment",
        )}
        <button type="submit" className="button button-secondary">
          {workoutT("search.submit")}
        </button>
      </Form>
      {search.results === null ? (
        <p className={styles.muted}>{t("searchHint")}</p>
      ) : search.results.length === 0 ? (
        <p className={styles.muted}>{workoutT("search.noResults")}</p>
      ) : (
        <Form method="post" className={styles.results} preventScrollReset>
          <p className={styles.muted}>{workoutT("search.resultsCount", { count: search.total })}</p>
          <ul className={styles.resultList}>
            {search.results.map((result) => {
              const added = present.has(result.id);
              return (
                <li key={result.id}>
                  <label className={styles.result}>
                    <input
                      type="checkbox"
                      name={F.ticked}
                      value={result.id}
                      disabled={added}
                      defaultChecked={added}
                      className="checkbox"
                    />
                    <span>{result.name}</span>
                    {added ? <span className={styles.muted}>{workoutT("search.alreadyAdded")}</span> : null}
                  </label>
                </li>
              );
            })}
          </ul>
          <button
            type="submit"
            name={F.intent}
            value={formatRoutineIntent({ kind: "add-exercises" })}
            className="button button-accent"
          >
            {t("addSubmit")}
          </button>
        </Form>
      )}
    </section>
  );
}
