/**
 * `estatedesk/widgets/dashboard`: the dashboard home (the company's live figures, or the static sample of docs/product/screens.md with `mode="sample"`) for
 * React hosts, the same wrapped widget as the package root's `Dashboard`.
 *
 * A widget's `index.ts` is its npm entry (the top layer): nothing inside src imports it.
 *
 * @example
 * import { Dashboard } from 'estatedesk/widgets/dashboard';
 * <EstateDeskProvider config={{ apiBase: 'https://api.example.com' }}><Dashboard /></EstateDeskProvider>
 */
import { widgetComponent } from '../../embed/EstateDeskProvider';
import { dashboardWidget } from './widget';

export { dashboardWidget };
export type { DashboardProps } from './Dashboard';

/** The dashboard home: live figures by default, the static sample with `mode="sample"`. */
export const Dashboard = /* @__PURE__ */ widgetComponent(dashboardWidget);
