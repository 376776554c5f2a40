/**
 * The dashboard widget (SPEC §2 "Dashboard home (static sample data)"): its descriptor, whose
 * component is a lazy chunk, and the component itself for React hosts that import it directly.
 *
 * @example
 * import { dashboardWidget } from './widgets/dashboard';
 * EstateDesk.mount(element, dashboardWidget.name);
 */
export { dashboardWidget } from './widget';

export { default as Dashboard, DASHBOARD_TEXT, type DashboardProps } from './Dashboard';
export { WelcomeCard, type WelcomeCardProps } from './WelcomeCard';
export { GaugeCard, type GaugeCardProps } from './GaugeCard';
export { TrendCard, type TrendCardProps } from './TrendCard';
export { ChartCard, type ChartCardProps } from './ChartCard';
export { TopProperties, type TopPropertiesProps } from './TopProperties';
export { LeadsTable, type LeadsTableProps } from './LeadsTable';
export { StarRating, type StarRatingProps } from './StarRating';
export * from './dashboardData';
