export type ChartSeries = {
  name: string;
  /** a Tailwind fill and background pair, e.g. `fill-brand-600 bg-brand-600` */
  colour: string;
  values: readonly number[];
};

type BarChartProps = {
  /** what the chart shows, read out by screen readers (the table beside it holds the figures) */
  title: string;
  labels: readonly string[];
  series: readonly ChartSeries[];
  format: (value: number) => string;
};

const SLOT = 100;
const GAP = 20;
const HEIGHT = 100;

/**
 * Grouped bars, one group per period, drawn as SVG that stretches to its box; the text around it is HTML so
 * it stays readable at any width. Hand-rolled: a few rectangles need no chart library in the bundle.
 */
export function BarChart({ title, labels, series, format }: BarChartProps) {
  const values = series.flatMap((s) => s.values);
  const top = Math.max(0, ...values);
  const bottom = Math.min(0, ...values);
  const span = top - bottom || 1;
  const y = (value: number) => ((top - value) / span) * HEIGHT;
  const baseline = y(0);
  const barWidth = (SLOT - GAP) / Math.max(series.length, 1);
  const width = Math.max(labels.length, 1) * SLOT;
  const ticks = [...new Set([0, Math.floor((labels.length - 1) / 2), Math.max(labels.length - 1, 0)])];

  return (
    <figure className="flex flex-col gap-2">
      <figcaption className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-gray-700">
        {series.map((s) => (
          <span key={s.name} className="inline-flex items-center gap-1.5">
            <span aria-hidden="true" className={`inline-block size-3 rounded-sm ${s.colour}`} />
            {s.name}
          </span>
        ))}
      </figcaption>
      <div className="flex gap-2">
        <div className="flex w-20 shrink-0 flex-col justify-between text-right text-xs text-gray-600 tabular-nums">
          <span>{format(top)}</span>
          {bottom < 0 ? <span>{format(bottom)}</span> : <span>{format(0)}</span>}
        </div>
        <svg
          role="img"
          aria-label={title}
          viewBox={`0 0 ${width} ${HEIGHT}`}
          preserveAspectRatio="none"
          className="h-48 min-w-0 flex-1 overflow-visible border-b border-l border-gray-300"
        >
          <line
            x1={0}
            x2={width}
            y1={baseline}
            y2={baseline}
            className="stroke-gray-400"
            vectorEffect="non-scaling-stroke"
          />
          {labels.map((label, index) =>
            series.map((s, seriesIndex) => {
              const value = s.values[index] ?? 0;
              const barTop = Math.min(y(value), baseline);
              return (
                <rect
                  key={`${label}-${s.name}`}
                  x={index * SLOT + GAP / 2 + seriesIndex * barWidth}
                  y={barTop}
                  width={barWidth}
                  height={Math.abs(y(value) - baseline)}
                  className={s.colour}
                >
                  <title>{`${label}: ${s.name} ${format(value)}`}</title>
                </rect>
              );
            }),
          )}
        </svg>
      </div>
      <div className="ml-22 flex justify-between gap-2 text-xs text-gray-600" aria-hidden="true">
        {ticks.map((index, position) => (
          <span key={`${index}-${position}`} className={position === 0 ? '' : 'text-right'}>
            {labels[index]}
          </span>
        ))}
      </div>
    </figure>
  );
}
