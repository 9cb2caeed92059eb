import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import type { WeightPoint } from "~/domain/stats/records";
import type { WeekPoint } from "~/domain/stats/summary";
import { formatDate, formatShortDate } from "~/lib/date-format";
import { formatMeasure, formatNumber } from "~/lib/number-format";
import { ChartBox, type ChartPoint } from "./chart-box";
import styles from "./dashboard.module.css";

const WEEK_DAYS = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"] as const;

/** 'Évolution du poids': the weight of every IMC record, oldest first. */
export function WeightChart({ weights, language }: { weights: readonly WeightPoint[]; language: string }) {
  const { t } = useTranslation("dashboard");
  const points = useMemo<ChartPoint[]>(
    () =>
      weights
        .map((weight, index) => ({
          key: `${weight.date}-${index}`,
          label: formatShortDate(language, weight.date),
          longLabel: formatDate(language, weight.date),
          value: weight.poids,
          valueText: t("units.kg", { value: formatMeasure(language, weight.poids) }),
        }))
        .map((point) => ({ ...point, name: t("pointName", { label: point.longLabel, value: point.valueText }) })),
    [weights, language, t],
  );
  return (
    <section className={`${styles.block} ${styles.wide}`}>
      <ChartBox
        kind="line"
        points={points}
        formatTick={(value) => formatMeasure(language, value)}
        texts={{
          title: t("weight.title"),
          description: t("weight.description"),
          empty: t("noChartData"),
          labelHeader: t("weight.date"),
          valueHeader: t("weight.value"),
          closePinned: t("closePinned"),
        }}
      />
    </section>
  );
}

/** 'Exercices par jour': Monday (Lun) to Sunday (Dim) of this week. */
export function WeekChart({ week, language }: { week: readonly WeekPoint[]; language: string }) {
  const { t } = useTranslation("dashboard");
  const points = useMemo<ChartPoint[]>(
    () =>
      week
        .map((point, index) => ({
          key: point.date,
          label: t(`week.days.${WEEK_DAYS[index] ?? "mon"}`),
          // Noon UTC is the same calendar day in Paris.
          longLabel: formatShortDate(language, `${point.date}T12:00:00.000Z`, { weekday: true }),
          value: point.value,
          valueText: t("week.exercises", { count: point.value, value: formatNumber(language, point.value) }),
        }))
        .map((point) => ({ ...point, name: t("pointName", { label: point.longLabel, value: point.valueText }) })),
    [week, language, t],
  );
  return (
    <section className={styles.block}>
      <ChartBox
        kind="bar"
        points={points}
        formatTick={(value) => formatNumber(language, value)}
        texts={{
          title: t("week.title"),
          description: t("week.description"),
          empty: t("noChartData"),
          labelHeader: t("week.day"),
          valueHeader: t("week.value"),
          closePinned: t("closePinned"),
        }}
      />
    </section>
  );
}
