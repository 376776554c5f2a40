// frappe-charts ships no types. The options the Chart component passes are typed in Chart.tsx
// (`ChartOptions`), so the package's declarations never name this module: a consumer compiling
// with skipLibCheck off would otherwise meet TS7016.
declare module 'frappe-charts' {
  export class Chart {
    constructor(parent: string | HTMLElement, options: object);
    update(data: unknown): void;
    destroy(): void;
  }
}
