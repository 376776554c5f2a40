// frappe-charts ships no types; this covers the part the Chart component uses.
declare module 'frappe-charts' {
  export interface FrappeChartData {
    labels: string[];
    datasets: Array<{ name?: string; values: number[]; chartType?: string }>;
  }
  export interface FrappeChartOptions {
    title?: string;
    type: 'line' | 'bar' | 'pie' | 'donut' | 'percentage' | 'axis-mixed' | 'heatmap';
    data: FrappeChartData;
    height?: number;
    colors?: string[];
    animate?: boolean | 0 | 1;
    truncateLegends?: boolean;
    maxSlices?: number;
    axisOptions?: Record<string, unknown>;
    lineOptions?: Record<string, unknown>;
    barOptions?: Record<string, unknown>;
    tooltipOptions?: Record<string, unknown>;
  }
  export class Chart {
    constructor(parent: string | HTMLElement, options: FrappeChartOptions);
    update(data: FrappeChartData): void;
    destroy(): void;
  }
}
