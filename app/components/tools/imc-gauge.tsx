import { useId } from "react";
import { useTranslation } from "react-i18next";
import { IMC_GAUGE_BANDS, IMC_GAUGE_RANGE, imcGauge } from "~/domain/imc";
import { formatNumber } from "~/lib/number-format";
import styles from "./imc-gauge.module.css";

/**
 * The result gauge: four coloured bands from 15 to 40 and a marker at the
 * IMC. Positions are SVG percentages, so the bar stretches with its box
 * without a style attribute. The sentence of the SVG's label and the legend
 * below say in words what the colours show.
 */
export function ImcGauge({ value }: { value: number }) {
  const { t, i18n } = useTranslation("tools");
  const clipId = useId();
  const gauge = imcGauge(value);
  const shown = formatNumber(i18n.language, value, 1);
  const boundaries = [IMC_GAUGE_RANGE.min, ...IMC_GAUGE_BANDS.map((band) => band.to)];
  const percentOf = (imc: number) => ((imc - IMC_GAUGE_RANGE.min) / (IMC_GAUGE_RANGE.max - IMC_GAUGE_RANGE.min)) * 100;

  return (
    <figure className={styles.gauge}>
      <svg
        className={styles.chart}
        width="100%"
        height="64"
        // oxlint-disable-next-line jsx-a11y/prefer-tag-over-role -- an inline SVG chart cannot be an <img>; role="img" plus a label is how an SVG gets its name
        role="img"
        aria-label={t("imc.gauge.label", { value: shown, band: t(`imc.gauge.bands.${gauge.band}`) })}
      >
        <defs>
          <clipPath id={clipId}>
            <rect x="0" y="20" width="100%" height="16" rx="8" />
          </clipPath>
        </defs>
        <g clipPath={`url(#${clipId})`}>
          {gauge.bands.map((band) => (
            <rect
              key={band.id}
              className={styles[band.id]}
              x={`${band.fromPercent}%`}
              y="20"
              width={`${band.toPercent - band.fromPercent}%`}
              height="16"
            />
          ))}
        </g>
        {boundaries.map((boundary, index) => (
          <text
            key={boundary}
            className={styles.tick}
            x={`${percentOf(boundary)}%`}
            y="56"
            textAnchor={index === 0 ? "start" : index === boundaries.length - 1 ? "end" : "middle"}
          >
            {formatNumber(i18n.language, boundary, Number.isInteger(boundary) ? 0 : 1)}
          </text>
        ))}
        {/* The marker: a nested svg placed in %, holding a pin drawn around x = 0. */}
        <svg x={`${gauge.percent}%`} y="0" width="1" height="44" overflow="visible">
          <path className={styles.marker} d="M-8 2h16l-8 12z" />
          <rect className={styles.markerLine} x="-1.5" y="12" width="3" height="30" rx="1.5" />
        </svg>
      </svg>
      <figcaption>
        <span className="visually-hidden">{t("imc.gauge.legend")}</span>
        <ul className={styles.legend}>
          {IMC_GAUGE_BANDS.map((band) => (
            <li key={band.id} className={band.id === gauge.band ? styles.current : undefined}>
              <span className={`${styles.swatch} ${styles[band.id]}`} aria-hidden="true" />
              <span>{t(`imc.gauge.bands.${band.id}`)}</span>
              <span className={styles.legendRange}>{t(`imc.gauge.ranges.${band.id}`)}</span>
            </li>
          ))}
        </ul>
      </figcaption>
    </figure>
  );
}
