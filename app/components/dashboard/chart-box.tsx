import { lazy, Suspense, useCallback, useEffect, useId, useMemo, useRef, useState } from "react";
import { useHydrated } from "~/lib/use-hydrated";
import { BlockHeading } from "./block-heading";
import { type Scale, scaleFor } from "./chart-scale";
import styles from "./dashboard.module.css";

// A chart of the dashboard. The server draws it as an SVG (points with
// their values as native tooltips) beside a table of the same data for
// screen readers, so without JavaScript the data is there. In the browser
// the chart library (apexcharts, loaded only here) draws over it in the same
// box, then the SVG goes: nothing moves. A click on a point, or Enter on a
// focused one, pins its value; a click anywhere else or Escape unpins it.

const ApexChart = lazy(() => import("./apex-chart.client"));

export interface ChartPoint {
  key: string;
  /** Under the axis: "12 mars", "Lun". */
  label: string;
  /** In the tooltip and the table: "12 mars 2026", "Lundi". */
  longLabel: string;
  value: number;
  /** "78,4 kg", "3 exercices". */
  valueText: string;
  /** A drawn point's accessible name, punctuated as its language writes it: "12 mars 2026 : 78,4 kg". */
  name: string;
}

export interface ChartTexts {
  title: string;
  description: string;
  empty: string;
  labelHeader: string;
  valueHeader: string;
  closePinned: string;
}

/** Above the plot, then the x axis below it: the SVG and the chart library keep to these. */
export const CHART_HEIGHT = 240;
/** Room around the plot (styles.plotArea): the y axis's labels on the left, the x axis's below. */
const PAD = { top: 16, bottom: 28 };
const PLOT_HEIGHT = CHART_HEIGHT - PAD.top - PAD.bottom;

interface Pin {
  index: number;
  left: number;
  top: number;
}

/** Where a point sits across the plot, as a fraction of its width. */
function xFraction(kind: "line" | "bar", index: number, count: number): number {
  if (kind === "bar") return (index + 0.5) / count;
  return count === 1 ? 0.5 : index / (count - 1);
}

function yPixels(value: number, scale: Scale): number {
  return PLOT_HEIGHT - ((value - scale.min) / (scale.max - scale.min || 1)) * PLOT_HEIGHT;
}

const percent = (fraction: number) => `${(fraction * 100).toFixed(3)}%`;

export function ChartBox({
  kind,
  points,
  texts,
  formatTick,
}: {
  kind: "line" | "bar";
  points: readonly ChartPoint[];
  texts: ChartTexts;
  formatTick: (value: number) => string;
}) {
  const hydrated = useHydrated();
  const titleId = useId();
  const descriptionId = useId();
  const plotRef = useRef<HTMLDivElement>(null);
  const pinnedRef = useRef<HTMLOutputElement>(null);
  const [apexDrawn, setApexDrawn] = useState(false);
  const [pin, setPin] = useState<Pin | null>(null);
  const hasData = points.length > 0 && (kind === "line" || points.some((point) => point.value > 0));

  const pinAt = useCallback((index: number, target: Element | null) => {
    const plot = plotRef.current;
    if (!plot || index < 0) return;
    const box = plot.getBoundingClientRect();
    const spot = target?.getBoundingClientRect() ?? box;
    setPin({ index, left: spot.left + spot.width / 2 - box.left, top: spot.top - box.top });
  }, []);

  useEffect(() => {
    if (!pin) return;
    const closeOutside = (event: PointerEvent) => {
      if (!pinnedRef.current?.contains(event.target as Node)) setPin(null);
    };
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key === "Escape") setPin(null);
    };
    document.addEventListener("pointerdown", closeOutside, true);
    document.addEventListener("keydown", closeOnEscape);
    return () => {
      document.removeEventListener("pointerdown", closeOutside, true);
      document.removeEventListener("keydown", closeOnEscape);
    };
  }, [pin]);

  const pinned = pin ? points[pin.index] : undefined;
  // Stable while only the pin changes: the chart library redraws when these do.
  const series = useMemo(
    () => ({
      categories: points.map((point) => point.label),
      titles: points.map((point) => point.longLabel),
      values: points.map((point) => point.value),
      valueTexts: points.map((point) => point.valueText),
      scale: scaleFor(
        kind,
        points.map((point) => point.value),
      ),
    }),
    [kind, points],
  );
  const markDrawn = useCallback(() => setApexDrawn(true), []);

  return (
    <figure className={styles.chart} aria-labelledby={titleId} aria-describedby={descriptionId}>
      <figcaption>
        <BlockHeading id={titleId} className={styles.blockTitle}>
          {texts.title}
        </BlockHeading>
        <p id={descriptionId} className={styles.muted}>
          {texts.description}
        </p>
      </figcaption>
      {hasData ? (
        <>
          <div ref={plotRef} className={styles.plot} data-chart={kind} data-drawn={apexDrawn ? "apexcharts" : "svg"}>
            {apexDrawn ? null : (
              <SvgChart kind={kind} points={points} formatTick={formatTick} interactive={hydrated} onPin={pinAt} />
            )}
            {hydrated ? (
              <Suspense fallback={null}>
                <div className={`${styles.apex} ${apexDrawn ? "" : styles.apexPending}`}>
                  <ApexChart
                    kind={kind}
                    name={texts.valueHeader}
                    {...series}
                    height={CHART_HEIGHT}
                    formatTick={formatTick}
                    onPoint={pinAt}
                    onDrawn={markDrawn}
                  />
                </div>
              </Suspense>
            ) : null}
            {pin && pinned ? (
              <output ref={pinnedRef} className={styles.pinned} style={{ left: pin.left, top: pin.top }} data-pinned="">
                <span>{pinned.longLabel}</span>
                <strong>{pinned.valueText}</strong>
                <button
                  type="button"
                  className={styles.pinnedClose}
                  aria-label={texts.closePinned}
                  title={texts.closePinned}
                  onClick={() => setPin(null)}
                >
                  ×
                </button>
              </output>
            ) : null}
          </div>
          {/* Hidden by its wrapper: a table grows to its content whatever its width, and pushed the page sideways at 320 px. */}
          <div className="visually-hidden">
            <table>
              <caption>{texts.title}</caption>
              <thead>
                <tr>
                  <th scope="col">{texts.labelHeader}</th>
                  <th scope="col">{texts.valueHeader}</th>
                </tr>
              </thead>
              <tbody>
                {points.map((point) => (
                  <tr key={point.key}>
                    <th scope="row">{point.longLabel}</th>
                    <td>{point.valueText}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      ) : (
        <p className={styles.empty}>{texts.empty}</p>
      )}
    </figure>
  );
}

/** The server's drawing (and the browser's until the chart library is there). */
function SvgChart({
  kind,
  points,
  formatTick,
  interactive,
  onPin,
}: {
  kind: "line" | "bar";
  points: readonly ChartPoint[];
  formatTick: (value: number) => string;
  interactive: boolean;
  onPin: (index: number, target: Element | null) => void;
}) {
  const scale = scaleFor(
    kind,
    points.map((point) => point.value),
  );
  const count = points.length;
  // With many points, every label would overlap: about six are shown (every day of the week).
  const labelEvery = kind === "bar" ? 1 : Math.max(1, Math.ceil(count / 6));
  const pointProps = (index: number, label: string) =>
    interactive
      ? {
          tabIndex: 0,
          role: "button",
          "aria-label": label,
          onClick: (event: React.MouseEvent<SVGElement>) => onPin(index, event.currentTarget),
          onKeyDown: (event: React.KeyboardEvent<SVGElement>) => {
            if (event.key === "Enter" || event.key === " ") {
              event.preventDefault();
              onPin(index, event.currentTarget);
            }
          },
        }
      : {};

  return (
    <div className={styles.plotArea} aria-hidden={interactive ? undefined : "true"}>
      <svg width="100%" height={PLOT_HEIGHT} overflow="visible" focusable="false">
        {scale.ticks.map((tick) => (
          <g key={tick}>
            <line className={styles.gridLine} x1="0" x2="100%" y1={yPixels(tick, scale)} y2={yPixels(tick, scale)} />
            <text className={styles.axis} x={-8} y={yPixels(tick, scale) + 4} textAnchor="end">
              {formatTick(tick)}
            </text>
          </g>
        ))}
        {kind === "line"
          ? points
              .slice(1)
              .map((point, index) => (
                <line
                  key={point.key}
                  className={styles.line}
                  x1={percent(xFraction(kind, index, count))}
                  y1={yPixels(points[index]!.value, scale)}
                  x2={percent(xFraction(kind, index + 1, count))}
                  y2={yPixels(point.value, scale)}
                />
              ))
          : null}
        {points.map((point, index) => {
          const x = xFraction(kind, index, count);
          const y = yPixels(point.value, scale);
          const name = point.name;
          return (
            <g key={point.key}>
              {kind === "line" ? (
                <circle className={styles.point} cx={percent(x)} cy={y} r={5} {...pointProps(index, name)}>
                  <title>{name}</title>
                </circle>
              ) : (
                <>
                  <rect
                    className={styles.bar}
                    x={percent(x - 0.3 / count)}
                    width={percent(0.6 / count)}
                    y={y}
                    height={Math.max(0, PLOT_HEIGHT - y)}
                    rx={4}
                    {...pointProps(index, name)}
                  >
                    <title>{name}</title>
                  </rect>
                  {point.value > 0 ? (
                    <text className={styles.barValue} x={percent(x)} y={y - 6} textAnchor="middle">
                      {formatTick(point.value)}
                    </text>
                  ) : null}
                </>
              )}
              {index % labelEvery === 0 || index === count - 1 ? (
                <text className={styles.axis} x={percent(x)} y={PLOT_HEIGHT + 20} textAnchor="middle">
                  {point.label}
                </text>
              ) : null}
            </g>
          );
        })}
      </svg>
    </div>
  );
}
