import {
  ACTIVITY_TYPES,
  type EquipmentGaps,
  type EquipmentRefusal,
  forcedChoices,
  isEquipmentAllowed,
  isEquipmentGap,
} from "~/domain/workout/activities";
import type { BuilderState } from "~/domain/workout/builder-state";
import { formatBuilderAction } from "~/domain/workout/builder-url";
import { EQUIPMENT_IDS, MUSCLE_ZONES, type MuscleZone } from "~/domain/workout/catalogue-ids";
import { canShowBodyDiagram } from "~/domain/workout/zones";
import { BodyMap } from "./body-map";
import { CardPicker } from "./card-picker";
import { ActivityIcon, EquipmentIcon, ZoneIcon } from "./workout-icons";
import styles from "./workout.module.css";
import { useWorkoutT } from "./workout-texts";

export function TypeStep({ state, promptId }: { state: BuilderState; promptId: string }) {
  const t = useWorkoutT();
  return (
    <CardPicker
      label={t("steps.titles.0")}
      describedBy={promptId}
      options={ACTIVITY_TYPES.map((type) => ({
        id: type,
        label: t(`types.${type}`),
        hint: t(`typeHints.${type}`),
        icon: <ActivityIcon activity={type} />,
        selected: state.type === type,
        action: formatBuilderAction({ kind: "pick-type", id: type }),
      }))}
    />
  );
}

/** The equipment message: the joke of the pairing when there is one, else the plain one. */
export function useRefusalText(refusal: EquipmentRefusal | null): string | null {
  const t = useWorkoutT();
  if (!refusal) return null;
  if (refusal.joke) return t(`equipmentRefusal.jokes.${refusal.joke}`);
  return t(refusal.reason === "no-exercise" ? "equipmentRefusal.noExercise" : "equipmentRefusal.generic", {
    equipment: t(`equipment.${refusal.equipment}`),
    activity: t(`types.${refusal.activity}`),
  });
}

export function EquipmentStep({
  state,
  promptId,
  refusal,
  gaps,
}: {
  state: BuilderState;
  promptId: string;
  refusal: EquipmentRefusal | null;
  /** Equipment that gives no exercise for an activity: unavailable, with its reason. */
  gaps: EquipmentGaps;
}) {
  const t = useWorkoutT();
  const message = useRefusalText(refusal);
  const notAllowed = (id: (typeof EQUIPMENT_IDS)[number]) => {
    if (!isEquipmentAllowed(state.type, id)) return t("picker.notAllowed");
    return isEquipmentGap(gaps, state.type, id) ? t("picker.noExercise") : undefined;
  };
  return (
    <>
      {state.type === "etirement" ? <p className={styles.note}>{t("forced.etirement")}</p> : null}
      <CardPicker
        label={t("steps.titles.1")}
        describedBy={promptId}
        options={EQUIPMENT_IDS.map((id) => ({
          id,
          label: t(`equipment.${id}`),
          icon: <EquipmentIcon equipment={id} />,
          selected: state.equipment.includes(id),
          notAllowed: notAllowed(id),
          action: formatBuilderAction({ kind: "toggle-equipment", id }),
        }))}
      />
      {/* Kept in the page, so each new message is announced. */}
      <output className={styles.messageSlot} aria-live="polite">
        {message ? (
          <p key={message} className={styles.joke}>
            {message}
          </p>
        ) : null}
      </output>
    </>
  );
}

export function MuscleStep({
  state,
  options,
  promptId,
}: {
  state: BuilderState;
  options: readonly MuscleZone[];
  promptId: string;
}) {
  const t = useWorkoutT();
  // Only an address made elsewhere (a shared link, an old one) gets here: the equipment step refuses such choices.
  if (options.length === 0) {
    return (
      <div className={`${styles.note} ${styles.noZone}`}>
        <p>{t("picker.noZone")}</p>
        <button
          type="submit"
          name="action"
          value={formatBuilderAction({ kind: "go-to-step", step: 1 })}
          className="button button-secondary"
        >
          {t("picker.changeEquipment")}
        </button>
      </div>
    );
  }
  if (canShowBodyDiagram(options)) {
    return <BodyMap offered={options} selected={state.muscles} multiple legendId={`${promptId}-legend`} />;
  }
  return (
    <CardPicker
      label={t("steps.titles.2")}
      describedBy={promptId}
      options={MUSCLE_ZONES.filter((zone) => options.includes(zone)).map((zone) => ({
        id: zone,
        label: t(`zones.${zone}`),
        icon: <ZoneIcon />,
        selected: state.muscles.includes(zone),
        action: formatBuilderAction({ kind: "toggle-muscle", id: zone }),
      }))}
    />
  );
}

/** What swimming, yoga and meditation decided for the user, said on the proposed list. */
export function ForcedChoicesNote({ state }: { state: BuilderState }) {
  const t = useWorkoutT();
  if (!forcedChoices(state.type) || !state.type) return null;
  return <p className={styles.note}>{t(`forced.${state.type}`)}</p>;
}
