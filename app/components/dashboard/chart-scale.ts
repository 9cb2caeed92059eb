// The y axis of a dashboard chart: the server's SVG and the chart library in
// the browser (apex-chart.client.tsx) both keep to it, so nothing moves when
// one takes over from the other.

export interface Scale {
  min: number;
  max: number;
  ticks: number[];
}

export function scaleFor(kind: "line" | "bar", values: readonly number[]): Scale {
  if (kind === "bar") {
    const max = Math.max(1, Math.ceil(Math.max(...values) * 1.15));
    const step = Math.max(1, Math.ceil(max / 4));
    return { min: 0, max: step * 4, ticks: [0, step, step * 2, step * 3, step * 4] };
  }
  const low = Math.floor(Math.min(...values) - 1);
  const high = Math.ceil(Math.max(...values) + 1);
  const step = Math.max(1, Math.ceil((high - low) / 4));
  const ticks = Array.from({ length: 5 }, (_, index) => low + index * step);
  return { min: low, max: ticks.at(-1)!, ticks };
}
