/**
 * The property inventory (SPEC §2 "Properties"): All Properties, details, Add, Edit and
 * Favourites, routed by the widget itself so each screen works the same in the full app, mounted
 * alone or inside a host's hash prefix. Screens an agent lacks the permission for (SPEC §6) say so.
 */
import type { ReactElement, ReactNode } from 'react';
import { PERMISSIONS, type Permission } from '../../contract';
import { Route, Switch, useCan } from '../../runtime';
import { ErrorState } from '../../ui';
import { cx } from '../../ui/css';
import { AddProperty } from './AddProperty';
import { EditProperty } from './EditProperty';
import { Favourites } from './Favourites';
import { PropertyDetails } from './PropertyDetails';
import { PropertyList } from './PropertyList';
import { propertyStyles } from './propertyStyles';

export interface PropertyInventoryProps {
  /** Extra class on the widget's root. */
  className?: string;
}

function Allowed({ permission, children }: { permission: Permission; children: ReactNode }): ReactElement {
  const can = useCan(permission);
  return can.allowed ? <>{children}</> : <ErrorState message={can.message} />;
}

/**
 * @example
 * <RuntimeProvider runtime={runtime}><PropertyInventory /></RuntimeProvider>
 */
export function PropertyInventory({ className }: PropertyInventoryProps): ReactElement {
  const s = propertyStyles();
  return (
    <div className={cx(s.page, className)}>
      <Switch>
        <Route path="/properties/add">
          <Allowed permission={PERMISSIONS.propertyCreate}>
            <AddProperty />
          </Allowed>
        </Route>
        <Route path="/properties/edit/:id">
          <Allowed permission={PERMISSIONS.propertyEdit}>
            <EditProperty />
          </Allowed>
        </Route>
        <Route path="/property/:id">
          <Allowed permission={PERMISSIONS.propertyRead}>
            <PropertyDetails />
          </Allowed>
        </Route>
        <Route path="/properties/favourites" component={Favourites} />
        <Route>
          <Allowed permission={PERMISSIONS.propertyRead}>
            <PropertyList />
          </Allowed>
        </Route>
      </Switch>
    </div>
  );
}

export default PropertyInventory;
