/**
 * The property inventory (docs/product/screens.md, "Properties"): All Properties, details, Add,
 * Edit and Favourites, routed by the widget itself so each screen works the same in the full app,
 * mounted alone or inside a host's hash prefix. Screens an agent lacks the permission for
 * (docs/product/roles.md) say so.
 */
import { useRef, type ReactElement, type ReactNode } from 'react';
import { PERMISSIONS, type Permission } from '../../contract';
import { Route, Switch, useCan, useLocation } from '../../runtime';
import { Button, EmptyState, ErrorState } from '../../ui';
import { cx } from '../../ui/css';
import { AddProperty } from './AddProperty';
import { EditProperty } from './EditProperty';
import { Favourites } from './Favourites';
import { LEADS_BOARD_PATH } from './MatchingLeads';
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
 * A matching lead's link where no leads board is around (the widget mounted alone routes in
 * memory): the host hears the `navigate` event and may open its own; here the way back.
 */
function LeadsElsewhere({ back }: { back: string }): ReactElement {
  const [, navigate] = useLocation();
  return (
    <EmptyState
      title="This lead opens on the leads board"
      description="The leads board is not part of this screen."
      action={
        <Button variant="secondary" onClick={() => navigate(back)}>
          Back
        </Button>
      }
    />
  );
}

/**
 * @example
 * <RuntimeProvider runtime={runtime}><PropertyInventory /></RuntimeProvider>
 */
export function PropertyInventory({ className }: PropertyInventoryProps): ReactElement {
  const s = propertyStyles();
  const [path] = useLocation();
  // The last screen of ours, for the way back from a lead's link.
  const lastOwn = useRef('/properties/list');
  if (path !== LEADS_BOARD_PATH) lastOwn.current = path;
  return (
    <div className={cx(s.page, className)}>
      <Switch>
        <Route path={LEADS_BOARD_PATH}>
          <LeadsElsewhere back={lastOwn.current} />
        </Route>
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
