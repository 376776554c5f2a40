/**
 * The property inventory's descriptor, apart from its screen code: the embed registry and the app
 * import this and load the widget's chunk only when it is shown.
 */
import { PERMISSIONS } from '../../contract/permissions';
import { defineWidget } from '../../runtime/widget';
import type { PropertyInventoryProps } from './PropertyInventory';

/**
 * `property-inventory`: All Properties, details, Add, Edit and Favourites (docs/product/screens.md), also
 * mountable alone (`<div data-estatedesk-widget="property-inventory">`). Each screen names what an
 * agent needs (docs/product/roles.md), which is what the sidebar reads.
 *
 * @example
 * EstateDesk.mount(document.getElementById('properties'), 'property-inventory');
 */
export const propertyInventoryWidget = defineWidget<PropertyInventoryProps>({
  name: 'property-inventory',
  title: 'Properties',
  load: () => import('./PropertyInventory'),
  screens: [
    { path: '/properties/list', permission: PERMISSIONS.propertyRead },
    { path: '/property/:id', permission: PERMISSIONS.propertyRead },
    { path: '/properties/add', permission: PERMISSIONS.propertyCreate },
    { path: '/properties/edit/:id', permission: PERMISSIONS.propertyEdit },
    { path: '/properties/favourites' },
  ],
});
