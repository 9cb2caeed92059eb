import type { ApexOptions } from "apexcharts";
import { useMemo, useSyncExternalStore } from "react";
import ReactApexChart from "react-apexcharts/core";
import { shownTheme, subscribeToShownTheme } from "~/lib/shown-theme";
import type { Theme } from "~/lib/theme";
import type { Scale } from "./chart-scale";
// Only the two chart types the dashboard draws, and keyboard navigation:
// each import registers itself with apexcharts/core.
// oxlint-disable-next-line import/no-unassigned-import -- registers the line type
import "apexcharts/line";
// oxlint-disable-next-line import/no-unassigned-import -- registers the bar type
import "apexcharts/bar";
// oxlint-disable-next-line import/no-unassigned-import -- registers keyboard navigation
import "apexcharts/features/keyboard";

// The dashboard's charts in the browser (a .client module: never on the
// server, loaded by chart-box.tsx only once the page runs). Same data, same
// box height and the same colours as the server's SVG it replaces.

export interface ApexChartProps {
  kind: "line" | "bar";
  name: string;
  categories: string[];
  titles: string[];
  values: number[];
  valueTexts: string[];
  height: number;
  /** The server's SVG's scale, kept so the axis does not change under the reader's eyes. */
  scale: Scale;
  formatTick: (value: number) => string;
  onPoint: (index: number, target: Element | null) => void;
  onDrawn: () => void;
}

interface Palette {
  primary: string;
  muted: string;
  border: string;
  dark: boolean;
}

/** The site's colours as the browser resolved them for the theme the page shows. */
function readPalette(theme: Theme): Palette {
  const probe = document.createElement("span");
  document.body.append(probe);
  const resolve = (variable: string) => {
    probe.style.color = `var(${variable})`;
    return getComputedStyle(probe).color;
  };
  const palette = {
    primary: resolve("--color-primary"),
    muted: resolve("--color-text-muted"),
    border: resolve("--color-border"),
  };
  probe.remove();
  return { ...palette, dark: theme === "dark" };
}

export default function ApexChart(props: ApexChartProps) {
  // Read again whenever the page's theme changes (the toggle's data-theme on <html>, or the system's).
  const theme = useSyncExternalStore(subscribeToShownTheme, shownTheme, shownTheme);
  const palette = useMemo(() => readPalette(theme), [theme]);
  const { kind, categories, titles, valueTexts, formatTick, onPoint, onDrawn } = props;

  const options = useMemo<ApexOptions>(() => {
    const reducedMotion = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    const pointAt = (event: Event | undefined, dataPointIndex: number) =>
      onPoint(dataPointIndex, (event?.target as Element | null) ?? null);
    return {
      chart: {
        type: kind,
        height: props.height,
        fontFamily: "inherit",
        foreColor: palette.muted,
        background: "transparent",
        toolbar: { show: false },
        zoom: { enabled: false },
        animations: { enabled: !reducedMotion },
        parentHeightOffset: 0,
        events: {
          mounted: () => onDrawn(),
          markerClick: (event, _chart, point) => pointAt(event as Event, point?.dataPointIndex ?? -1),
          dataPointSelection: (event, _chart, point) => pointAt(event as Event, point?.dataPointIndex ?? -1),
        },
      },
      colors: [palette.primary],
      stroke: kind === "line" ? { curve: "smooth", width: 3 } : { width: 0 },
      markers:
        kind === "line" ? { size: 5, strokeWidth: 2.5, strokeColors: palette.primary, colors: ["transparent"] } : {},
      plotOptions: { bar: { columnWidth: "60%", borderRadius: 4 } },
      dataLabels: {
        enabled: kind === "bar",
        formatter: (value) => (Number(value) > 0 ? formatTick(Number(value)) : ""),
      },
      grid: { borderColor: palette.border, strokeDashArray: 0 },
      states: { active: { filter: { type: "none" } } },
      xaxis: {
        categories,
        tickAmount: kind === "line" ? Math.min(6, categories.length) : undefined,
        axisBorder: { show: false },
        axisTicks: { show: false },
        tooltip: { enabled: false },
      },
      yaxis: {
        labels: { formatter: (value) => formatTick(value) },
        min: props.scale.min,
        max: props.scale.max,
        tickAmount: props.scale.ticks.length - 1,
      },
      tooltip: {
        theme: palette.dark ? "dark" : "light",
        intersect: kind === "line",
        shared: false,
        x: {
          formatter: (_value, opts) =>
            titles[(opts as { dataPointIndex?: number } | undefined)?.dataPointIndex ?? -1] ?? "",
        },
        y: {
          formatter: (_value, opts) =>
            valueTexts[(opts as { dataPointIndex?: number } | undefined)?.dataPointIndex ?? -1] ?? "",
          title: { formatter: () => "" },
        },
      },
      legend: { show: false },
    };
  }, [kind, categories, titles, valueTexts, formatTick, onPoint, onDrawn, palette, props.height, props.scale]);

  return (
    <ReactApexChart
      type={kind}
      height={props.height}
      series={[{ name: props.name, data: props.values }]}
      options={options}
    />
  );
}
