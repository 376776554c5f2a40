/**
 * Which widget renders each screen of the route table: the one whose declaration lists the path
 * (`src/widgets/catalog.ts`). Routes no widget declares yet show the fallback page
 * ("Oops! Try Again Later", docs/product/screens.md).
 */
import { findScreen } from '../runtime/widget';
import { WIDGET_CATALOG } from '../widgets/catalog';

/**
 * @example screenFor('/leads-management')?.widget.name // 'leads-board'
 */
export const screenFor = (path: string) => findScreen(WIDGET_CATALOG, path);
