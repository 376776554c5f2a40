/**
 * The property inventory's descriptor, apart from its screen code: the embed registry and the app
 * import this and load the widget's chunk only when it is shown.
 */
import { PERMISSIONS } from '../../contract/permissions';
import { defineScreens } from '../../runtime/screens';
import { defineWidget } from '../../runtime/widget';
import type { PropertyInventoryProps } from './PropertyInventory';

/**
 * The inventory's screens, each with what an agent needs (docs/product/roles.md); `list` first:
 * where the widget starts when mounted alone, and what its own `<Switch>` falls back to.
 */
export const PROPERTY_SCREENS = defineScreens({
  list: {
    path: '/properties/list',
    title: 'All Properties',
    access: { permission: PERMISSIONS.propertyRead },
    nav: { group: 'properties', order: 2 },
  },
  details: { path: '/property/:id', title: 'Property', access: { permission: PERMISSIONS.propertyRead } },
  add: {
    path: '/properties/add',
    title: 'Add Property',
    access: { permission: PERMISSIONS.propertyCreate },
    nav: { group: 'properties', order: 1 },
  },
  edit: { path: '/properties/edit/:id', title: 'Edit Property', access: { permission: PERMISSIONS.propertyEdit } },
  favourites: { path: '/properties/favourites', title: 'Favourites', nav: { group: 'properties', order: 3 } },
});

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
  screens: PROPERTY_SCREENS,
});
