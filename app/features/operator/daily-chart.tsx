import { useEffect, useRef } from "react";
import { DAILY_FIGURES, type DailyFigure, type OperatorDaily } from "../../../core/operator";
import { useLanguage } from "../../i18n";

/** One colour per figure, shared by the chart and its legend (contrast at least 3:1 on white). */
export const FIGURE_COLOURS: Record<DailyFigure, string> = {
  signUps: "#1d4ed8",
  trialsStarted: "#b45309",
  trialsConverted: "#15803d",
  contactRequests: "#7e22ce",
};

/**
 * The daily figures drawn as lines on a canvas. The chart library is loaded here, on first
 * render, so no other page carries it. For screen readers the chart is one image with a label;
 * the table next to it carries the numbers.
 */
export function DailyChart({ daily, label, names }: { daily: OperatorDaily; label: string; names: Record<DailyFigure, string> }) {
  const box = useRef<HTMLDivElement>(null);
  const lang = useLanguage();
  useEffect(() => {
    // The days under the chart as the page's language writes them ("31.10." in German), in UTC as counted.
    const dayFormat = new Intl.DateTimeFormat(lang, { day: "numeric", month: "numeric", timeZone: "UTC" });
    let chart: { destroy(): void } | undefined;
    let cancelled = false;
    Promise.all([import("uplot"), import("uplot/dist/uPlot.min.css")]).then(([{ default: UPlot }]) => {
      const element = box.current;
      if (cancelled || !element) return;
      const x = daily.series.map((d) => Date.parse(`${d.day}T00:00:00Z`) / 1000);
      chart = new UPlot(
        {
          width: Math.max(280, element.clientWidth),
          height: 260,
          tzDate: (ts) => UPlot.tzDate(new Date(ts * 1000), "Etc/UTC"),
          legend: { show: false },
          cursor: { show: false },
          scales: { y: { range: (_u, _min, max) => [0, Math.max(1, max)] } },
          axes: [
            { values: (_u, ticks) => ticks.map((t) => dayFormat.format(new Date(t * 1000))) },
            { values: (_u, ticks) => ticks.map((t) => (Number.isInteger(t) ? String(t) : "")) },
          ],
          series: [{}, ...DAILY_FIGURES.map((f) => ({ label: names[f], stroke: FIGURE_COLOURS[f], width: 2 }))],
        },
        [x, ...DAILY_FIGURES.map((f) => daily.series.map((d) => d[f]))],
        element,
      );
    });
    return () => {
      cancelled = true;
      chart?.destroy();
    };
  }, [daily, names, lang]);
  return <div ref={box} role="img" aria-label={label} className="w-full overflow-hidden" />;
}
