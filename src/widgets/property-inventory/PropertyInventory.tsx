/**
 * The property inventory (docs/product/screens.md, "Properties"): All Properties, details, Add,
 * Edit and Favourites, routed by the widget itself so each screen works the same in the full app,
 * mounted alone or inside a host's hash prefix. Its routes are the screens of its declaration
 * (`widget.ts`); a screen an agent lacks the permission for (docs/product/roles.md) is refused
 * before this renders (`src/widgets/ScreenGate.tsx`).
 */
import { useRef, type ReactElement } from 'react';
import { Route, Switch, useLocation } from '../../runtime';
import { Button, EmptyState } from '../../ui';
import { cx } from '../../ui/css';
import { AddProperty } from './AddProperty';
import { EditProperty } from './EditProperty';
import { Favourites } from './Favourites';
import { LEADS_BOARD_PATH } from './MatchingLeads';
import { PropertyDetails } from './PropertyDetails';
import { PropertyList } from './PropertyList';
import { propertyStyles } from './propertyStyles';
import { PROPERTY_SCREENS } from './widget';

export interface PropertyInventoryProps {
  /** Extra class on the widget's root. */
  className?: string;
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
  const lastOwn = useRef(PROPERTY_SCREENS.list.href());
  if (path !== LEADS_BOARD_PATH) lastOwn.current = path;
  return (
    <div className={cx(s.page, className)}>
      <Switch>
        <Route path={LEADS_BOARD_PATH}>
          <LeadsElsewhere back={lastOwn.current} />
        </Route>
        <Route path={PROPERTY_SCREENS.add.path} component={AddProperty} />
        <Route path={PROPERTY_SCREENS.edit.path} component={EditProperty} />
        <Route path={PROPERTY_SCREENS.details.path} component={PropertyDetails} />
        <Route path={PROPERTY_SCREENS.favourites.path} component={Favourites} />
        <Route component={PropertyList} />
      </Switch>
    </div>
  );
}

export default PropertyInventory;
