import { useEffect, useLayoutEffect, useRef, useState } from "react";
import type { BuilderAction } from "~/domain/workout/builder-state";
import { formatBuilderAction } from "~/domain/workout/builder-url";
import type { ExerciseCard } from "~/services/workout/builder.server";
import { ExerciseMeta, type MetaLabels } from "./exercise-meta";
import { CloseIcon } from "~/components/layout/icons";
import { ArrowDownIcon, ArrowUpIcon, GripIcon } from "./workout-icons";
import styles from "./workout.module.css";
import { useWorkoutT } from "./workout-texts";

/** Mouse: a 5 px move starts a drag; touch: a 100 ms press that stays within 5 px. */
const MOUSE_TOLERANCE_PX = 5;
const TOUCH_DELAY_MS = 100;
const TOUCH_TOLERANCE_PX = 5;
/** Auto-scroll while dragging: near 20 % of the visible height, speed 10. */
const SCROLL_ZONE_RATIO = 0.2;
const SCROLL_SPEED = 10;

interface Grab {
  id: string;
  from: number;
  order: string[];
}

function moved(order: readonly string[], id: string, by: number): string[] {
  const index = order.indexOf(id);
  const target = Math.max(0, Math.min(order.length - 1, index + by));
  if (index === -1 || target === index) return [...order];
  const next = order.filter((value) => value !== id);
  next.splice(target, 0, id);
  return next;
}

/**
 * Drag and drop with sortablejs, loaded only here, only in the browser, and
 * only once a pointer reaches the list (12.6 KB compressed that a page with
 * a list but no drag never needs; from the worker's precache it arrives
 * before the pointer is pressed).
 * sortablejs moves the dragged element itself; it is put back at once and
 * the move goes through the builder's state, so React stays the only owner
 * of the list.
 */
function useSortable(
  list: React.RefObject<HTMLOListElement | null>,
  enabled: boolean,
  onMove: (id: string, index: number) => void,
) {
  const onMoveRef = useRef(onMove);
  useLayoutEffect(() => {
    onMoveRef.current = onMove;
  });
  useEffect(() => {
    const element = list.current;
    if (!enabled || !element) return;
    let sortable: { destroy(): void } | null = null;
    let cancelled = false;
    void import("sortablejs").then(({ default: Sortable }) => {
      if (cancelled) return;
      const reducedMotion = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
      sortable = Sortable.create(element, {
        draggable: "li",
        // Buttons keep their clicks; the rest of the row (and the handle) drags.
        filter: "button:not([data-drag-handle])",
        preventOnFilter: false,
        forceFallback: true,
        fallbackOnBody: true,
        fallbackTolerance: MOUSE_TOLERANCE_PX,
        delay: TOUCH_DELAY_MS,
        delayOnTouchOnly: true,
        touchStartThreshold: TOUCH_TOLERANCE_PX,
        scroll: true,
        scrollSensitivity: Math.round(window.innerHeight * SCROLL_ZONE_RATIO),
        scrollSpeed: SCROLL_SPEED,
        animation: reducedMotion ? 0 : 150,
        ghostClass: styles.dragGhost,
        chosenClass: styles.dragChosen,
        onEnd(event) {
          const { item, from, oldIndex, newIndex } = event;
          if (oldIndex === undefined || newIndex === undefined || oldIndex === newIndex) return;
          item.remove();
          from.insertBefore(item, from.children[oldIndex] ?? null);
          const id = item.dataset.id;
          if (id) onMoveRef.current(id, newIndex);
        },
      });
      element.dataset.sortable = "ready";
    });
    return () => {
      cancelled = true;
      sortable?.destroy();
    };
  }, [list, enabled]);
}

/**
 * The chosen exercises, in session order. Without JavaScript, 'Monter' and
 * 'Descendre' buttons reorder them; with it, they can also be dragged, or
 * moved from the keyboard with the handle: Space or Enter picks up, the
 * arrows move one place per press, Space, Enter or Tab drops, Escape cancels.
 * A live region says each new position.
 */
export function ChosenList({
  ids,
  exercises,
  labels,
  hydrated,
  dispatch,
}: {
  ids: readonly string[];
  exercises: Record<string, ExerciseCard>;
  labels: MetaLabels;
  hydrated: boolean;
  dispatch: (action: BuilderAction) => void;
}) {
  const t = useWorkoutT();
  const list = useRef<HTMLOListElement>(null);
  const [grab, setGrabState] = useState<Grab | null>(null);
  // Read by the key and blur handlers, which can run twice before a render (Tab: keydown, then blur).
  const grabRef = useRef<Grab | null>(null);
  const setGrab = (next: Grab | null) => {
    grabRef.current = next;
    setGrabState(next);
  };
  const [announcement, setAnnouncement] = useState("");
  const focusAfterMove = useRef<string | null>(null);
  const order = grab?.order ?? ids.filter((id) => exercises[id]);

  // The list element exists only while there are exercises: sortablejs is set up
  // when it is there and a pointer (mouse, finger or pen) has come onto it.
  const [pointerCame, setPointerCame] = useState(false);
  useSortable(list, hydrated && order.length > 0 && pointerCame, (id, index) => {
    dispatch({ kind: "move-to", id, index });
    const name = exercises[id]?.name ?? id;
    setAnnouncement(t("list.dropped", { name, position: index + 1, total: order.length }));
  });

  // A moved item keeps the keyboard focus on its handle.
  useLayoutEffect(() => {
    const id = focusAfterMove.current;
    if (!id) return;
    focusAfterMove.current = null;
    list.current?.querySelector<HTMLElement>(`[data-id="${CSS.escape(id)}"] [data-drag-handle]`)?.focus();
  });

  function announce(key: "grabbed" | "moved" | "dropped" | "cancelled", id: string, position: number) {
    const name = exercises[id]?.name ?? id;
    setAnnouncement(t(`list.${key}`, { name, position: position + 1, total: order.length }));
  }

  /** Drops the grabbed item where it is (Space, Enter, Tab, or the focus leaving it). */
  function drop(id: string) {
    const current = grabRef.current;
    if (!current || current.id !== id) return;
    const index = current.order.indexOf(id);
    focusAfterMove.current = id;
    setGrab(null);
    if (index !== current.from) dispatch({ kind: "move-to", id, index });
    announce("dropped", id, index);
  }

  function onHandleKeyDown(event: React.KeyboardEvent<HTMLButtonElement>, id: string) {
    const key = event.key;
    const carried = grabRef.current;
    if (!carried) {
      if (key === " " || key === "Enter") {
        event.preventDefault();
        const from = order.indexOf(id);
        setGrab({ id, from, order: [...order] });
        announce("grabbed", id, from);
      }
      return;
    }
    if (carried.id !== id) return;
    if (key === "ArrowUp" || key === "ArrowDown") {
      event.preventDefault();
      const next = moved(carried.order, id, key === "ArrowUp" ? -1 : 1);
      focusAfterMove.current = id;
      setGrab({ ...carried, order: next });
      announce("moved", id, next.indexOf(id));
    } else if (key === "Escape") {
      event.preventDefault();
      focusAfterMove.current = id;
      setGrab(null);
      announce("cancelled", id, carried.from);
    } else if (key === " " || key === "Enter") {
      event.preventDefault();
      drop(id);
    } else if (key === "Tab") {
      // The focus moves on as usual; the item is dropped on the way.
      drop(id);
      focusAfterMove.current = null;
    }
  }

  const texts = {
    drag: t("list.dragHandle"),
    up: t("list.moveUp"),
    down: t("list.moveDown"),
    remove: t("list.remove"),
  };
  if (order.length === 0) {
    return <p className={styles.empty}>{t("list.empty")}</p>;
  }
  return (
    <>
      {hydrated ? (
        <p id="chosen-drag-help" className="visually-hidden">
          {t("list.dragHelp")}
        </p>
      ) : null}
      <ol ref={list} className={styles.chosenList} onPointerEnter={() => setPointerCame(true)}>
        {order.map((id, index) => {
          const exercise = exercises[id]!;
          const grabbed = grab?.id === id;
          return (
            <li key={id} data-id={id} className={styles.chosenItem} data-grabbed={grabbed || undefined}>
              {hydrated ? (
                <button
                  type="button"
                  className={styles.handle}
                  data-drag-handle=""
                  aria-describedby="chosen-drag-help"
                  aria-pressed={grabbed}
                  onKeyDown={(event) => onHandleKeyDown(event, id)}
                  onBlur={() => {
                    // Leaving the handle (a click elsewhere) drops the item where it is, unless
                    // the blur comes from React moving it in the list while it is carried.
                    if (focusAfterMove.current !== id) drop(id);
                  }}
                >
                  <GripIcon />
                  <span className="visually-hidden">
                    {texts.drag} {exercise.name}
                  </span>
                </button>
              ) : null}
              <span className={styles.position} aria-hidden="true">
                {index + 1}
              </span>
              <div className={styles.exerciseText}>
                <span className={styles.exerciseName}>{exercise.name}</span>
                <ExerciseMeta exercise={exercise} labels={labels} />
              </div>
              <div className={styles.rowActions}>
                <button
                  type="submit"
                  name="action"
                  value={formatBuilderAction({ kind: "move", id, by: -1 })}
                  className={styles.iconAction}
                  disabled={index === 0 || grab !== null}
                  title={texts.up}
                >
                  <ArrowUpIcon />
                  <span className="visually-hidden">
                    {texts.up} {exercise.name}
                  </span>
                </button>
                <button
                  type="submit"
                  name="action"
                  value={formatBuilderAction({ kind: "move", id, by: 1 })}
                  className={styles.iconAction}
                  disabled={index === order.length - 1 || grab !== null}
                  title={texts.down}
                >
                  <ArrowDownIcon />
                  <span className="visually-hidden">
                    {texts.down} {exercise.name}
                  </span>
                </button>
                <button
                  type="submit"
                  name="action"
                  value={formatBuilderAction({ kind: "remove", id })}
                  className={styles.iconAction}
                  disabled={grab !== null}
                  title={texts.remove}
                >
                  <CloseIcon />
                  <span className="visually-hidden">
                    {texts.remove} {exercise.name}
                  </span>
                </button>
              </div>
            </li>
          );
        })}
      </ol>
      <output className="visually-hidden" aria-live="polite">
        {announcement}
      </output>
    </>
  );
}
