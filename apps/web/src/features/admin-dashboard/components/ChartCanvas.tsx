import { useEffect, useRef } from 'react';
import {
  ArcElement,
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  DoughnutController,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
  type ChartConfiguration,
} from 'chart.js';

// Only the pieces the dashboard draws (tree-shaken): bars, a line and doughnuts. This module is
// reached only from the lazy admin dashboard chunk, so no shopper downloads Chart.js.
Chart.register(BarController, BarElement, LineController, LineElement, PointElement, DoughnutController, ArcElement, CategoryScale, LinearScale, Tooltip, Legend);
Chart.defaults.font.family = 'inherit';

/** The shop's palette for charts (tailwind brand and slate tones). */
export const CHART_COLORS = ['#16a34a', '#2563eb', '#f59e0b', '#dc2626', '#7c3aed', '#0891b2', '#db2777', '#65a30d', '#ea580c', '#475569'];

/**
 * One Chart.js chart on a canvas, redrawn when `config` changes. The canvas is
 * named for screen readers; each chart's figures are also printed as text
 * beside it, so nothing is only in the picture.
 */
export function ChartCanvas({ config, label, height = 220 }: { config: ChartConfiguration; label: string; height?: number }) {
  const ref = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    const canvas = ref.current;
    // jsdom (the web tests) has no 2D context: the figures are in the text around the chart.
    if (!canvas || typeof navigator === 'undefined' || navigator.userAgent.includes('jsdom')) return;
    const chart = new Chart(canvas, { ...config, options: { responsive: true, maintainAspectRatio: false, animation: false, ...config.options } });
    return () => chart.destroy();
  }, [config]);
  return (
    <div className="relative w-full" style={{ height }}>
      <canvas ref={ref} role="img" aria-label={label} />
    </div>
  );
}
