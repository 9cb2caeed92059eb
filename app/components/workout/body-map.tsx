import { formatBuilderAction } from "~/domain/workout/builder-url";
import { MUSCLE_ZONES, type MuscleZone } from "~/domain/workout/catalogue-ids";
import {
  BODY_MAP_VIEWBOX,
  BACK_OFFSET_X,
  figureTransform,
  HEAD,
  SILHOUETTE_HALF,
  ZONE_SHAPES,
  type ZoneShape,
} from "./body-map-shapes";
import styles from "./body-map.module.css";
import { useWorkoutT } from "./workout-texts";

function ShapePaths({ shape, className }: { shape: ZoneShape; className?: string }) {
  const halves = shape.symmetric ? [false] : [false, true];
  return (
    <>
      {halves.map((mirrored) => (
        <g key={String(mirrored)} transform={figureTransform(shape.side, mirrored)}>
          <path className={className ?? styles.shape} d={shape.d} />
          {/* A wider, invisible outline: small zones (forearms, calves) stay easy to touch. */}
          <path className={styles.hitArea} d={shape.d} />
          {shape.detail ? <path className={styles.detail} d={shape.detail} /> : null}
        </g>
      ))}
    </>
  );
}

function Silhouettes({ inactive }: { inactive: MuscleZone[] }) {
  return (
    <svg className={styles.layer} viewBox={BODY_MAP_VIEWBOX} aria-hidden="true" focusable="false">
      {[0, BACK_OFFSET_X].map((offset) => (
        <g key={offset} transform={offset ? `translate(${offset} 0)` : undefined} className={styles.silhouette}>
          <ellipse cx={HEAD.cx} cy={HEAD.cy} rx={HEAD.rx} ry={HEAD.ry} />
          <path d={SILHOUETTE_HALF} />
          <path d={SILHOUETTE_HALF} transform="matrix(-1 0 0 1 180 0)" />
        </g>
      ))}
      {inactive.flatMap((zone) =>
        ZONE_SHAPES[zone].map((shape, index) => (
          <ShapePaths key={`${zone}-${index}`} shape={shape} className={styles.inactiveShape} />
        )),
      )}
    </svg>
  );
}

/**
 * The front and back body diagram. Each zone offered is a real submit
 * button (its name, its pressed state, Tab, Enter and Space come with it,
 * and the form works without JavaScript), drawn as the zone's shapes laid
 * over the silhouettes; zones not offered are drawn muted. Chosen zones are
 * listed as badges under the figures, with the legend.
 */
export function BodyMap({
  offered,
  selected,
  multiple,
  legendId,
}: {
  offered: readonly MuscleZone[];
  selected: readonly MuscleZone[];
  multiple: boolean;
  legendId: string;
}) {
  const t = useWorkoutT();
  const inactive = MUSCLE_ZONES.filter((zone) => !offered.includes(zone));
  const chosen = MUSCLE_ZONES.filter((zone) => selected.includes(zone));
  return (
    <div className={styles.bodyMap}>
      <div className={styles.figures}>
        <fieldset className={styles.fieldset} aria-describedby={legendId}>
          <legend className="visually-hidden">{t("bodyMap.label")}</legend>
          <div className={styles.map}>
            <Silhouettes inactive={inactive} />
            {MUSCLE_ZONES.filter((zone) => offered.includes(zone)).map((zone) => {
              const label = t(`zones.${zone}`);
              return (
                <button
                  key={zone}
                  type="submit"
                  name="action"
                  value={formatBuilderAction({ kind: "toggle-muscle", id: zone })}
                  className={styles.zone}
                  aria-pressed={selected.includes(zone)}
                  aria-label={label}
                  title={label}
                  data-zone={zone}
                >
                  <svg viewBox={BODY_MAP_VIEWBOX} aria-hidden="true" focusable="false">
                    {ZONE_SHAPES[zone].map((shape, index) => (
                      <ShapePaths key={index} shape={shape} />
                    ))}
                  </svg>
                </button>
              );
            })}
          </div>
        </fieldset>
        <p className={styles.sides} aria-hidden="true">
          <span>{t("bodyMap.front")}</span>
          <span>{t("bodyMap.back")}</span>
        </p>
      </div>
      <div className={styles.aside}>
        <p id={legendId} className={styles.legend}>
          {multiple ? t("bodyMap.legendMulti") : t("bodyMap.legendSingle")}
        </p>
        <h3 className={styles.chosenTitle}>{t("bodyMap.chosen")}</h3>
        {chosen.length > 0 ? (
          <ul className={styles.badges}>
            {chosen.map((zone) => (
              <li key={zone} className={styles.badge}>
                {t(`zones.${zone}`)}
              </li>
            ))}
          </ul>
        ) : (
          <p className={styles.none}>{t("bodyMap.noneChosen")}</p>
        )}
      </div>
    </div>
  );
}
