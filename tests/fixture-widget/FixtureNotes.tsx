/** The fixture widget's screens: a list linking to one note, routed from its declaration. */
import type { ReactElement } from 'react';
import { Link, Route, Switch, useParams } from '../../src/runtime/router';
import { NOTES_SCREENS } from './widget';

function Note(): ReactElement {
  const { id } = useParams<{ id: string }>();
  return <h2>Fixture note {id}</h2>;
}

export default function FixtureNotes(): ReactElement {
  return (
    <Switch>
      <Route path={NOTES_SCREENS.note.path} component={Note} />
      <Route>
        <h2>Fixture notes list</h2>
        <Link to={NOTES_SCREENS.note.href({ id: 3 })}>Open note 3</Link>
      </Route>
    </Switch>
  );
}
