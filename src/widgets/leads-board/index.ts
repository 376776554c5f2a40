/**
 * The leads board widget (SPEC §2 "Leads page", issue 4): leads per workflow tab with search,
 * inline changes, add, import, edit, delete, export and bulk actions.
 *
 * `leadsBoardWidget` is the lazy descriptor (see `./widget`, which holds no screen code); the
 * named component is for React hosts using the npm package.
 *
 * @example
 * import { LeadsBoard } from 'estatedesk/widgets/leads-board';
 * <EstateDeskProvider config={{ apiBase: 'https://api.example.com' }}><LeadsBoard /></EstateDeskProvider>
 */
export { leadsBoardWidget } from './widget';
export { LeadsBoard, type LeadsBoardProps } from './LeadsBoard';
export { createLeadsApi, useLeadsApi, type LeadsApi, type LeadsPage, type LeadsQuery, type UpdateResult } from './leadsApi';
