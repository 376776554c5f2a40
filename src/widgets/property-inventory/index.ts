/**
 * `estatedesk/widgets/property-inventory`: the property inventory (docs/product/screens.md, "Properties") for React
 * hosts — the card grid with Load More, details with the image carousel, Add and Edit Property,
 * and Favourites. The same wrapped widget as the package root's `PropertyInventory` (scoped reset,
 * sign-in in place while nobody is signed in, error boundary), inside an `<EstateDeskProvider>`.
 *
 * @example
 * import { EstateDeskProvider } from 'estatedesk';
 * import { PropertyInventory } from 'estatedesk/widgets/property-inventory';
 * <EstateDeskProvider config={{ apiBase: 'https://api.example.com' }}><PropertyInventory /></EstateDeskProvider>
 */
import { widgetComponent } from '../../embed/EstateDeskProvider';
import { propertyInventoryWidget } from './widget';

export { propertyInventoryWidget };
export type { PropertyInventoryProps } from './PropertyInventory';

/** The property inventory: grid, details, add, edit and favourites. */
export const PropertyInventory = /* @__PURE__ */ widgetComponent(propertyInventoryWidget);
