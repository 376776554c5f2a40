/**
 * `estatedesk/widgets/leads-board`: the leads board (docs/product/screens.md, "Leads") for React hosts — leads
 * per workflow tab with search, inline changes, add, import, edit, delete, export and bulk actions.
 * The same wrapped widget as the package root's `LeadsBoard` (scoped reset, sign-in in place while
 * nobody is signed in, error boundary), inside an `<EstateDeskProvider>`.
 *
 * A widget's `index.ts` is its npm entry (the top layer): nothing inside src imports it.
 *
 * @example
 * import { EstateDeskProvider } from 'estatedesk';
 * import { LeadsBoard } from 'estatedesk/widgets/leads-board';
 * <EstateDeskProvider config={{ apiBase: 'https://api.example.com' }}><LeadsBoard /></EstateDeskProvider>
 */
import { widgetComponent } from '../../embed/EstateDeskProvider';
import { leadsBoardWidget } from './widget';

export { leadsBoardWidget };
export type { LeadsBoardProps } from './LeadsBoard';

/** The leads board: tabs per workflow status, search, inline changes, add, import, edit, delete. */
export const LeadsBoard = /* @__PURE__ */ widgetComponent(leadsBoardWidget);
