import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createHashLocation, createMemoryLocation, createScopedHashLocation, type LocationSource } from '../../src/core';
import { Link, LocationProvider, Route, Switch, useParams } from '../../src/runtime';

afterEach(() => {
  cleanup();
  window.location.hash = '';
});

function Details() {
  const { id } = useParams<{ id: string }>();
  return <h1>Property {id}</h1>;
}

/** A widget with four screens that routes them itself. */
function Inventory() {
  return (
    <Switch>
      <Route path="/properties/list">
        <h1>All properties</h1>
        <Link to="/property/42">Open 42</Link>
      </Route>
      <Route path="/property/:id" component={Details} />
      <Route path="/properties/edit/:id">{(params) => <h1>Editing {params.id}</h1>}</Route>
      <Route path="/properties/favourites">
        <h1>Favourites</h1>
      </Route>
      <Route>
        <h1>Not here</h1>
      </Route>
    </Switch>
  );
}

const sources: Array<[string, () => LocationSource]> = [
  ['memory routing', () => createMemoryLocation('/properties/list')],
  [
    'the full app (hash routing)',
    () => {
      window.location.hash = '#/properties/list';
      return createHashLocation();
    },
  ],
  [
    "a host's hash prefix",
    () => {
      window.location.hash = '#/crm/contacts';
      return createScopedHashLocation('/ed', window, '/properties/list');
    },
  ],
];

describe('Switch, Route and useParams', () => {
  it.each(sources)('route a widget with list, details/:id, edit/:id and favourites under %s', async (_name, make) => {
    const source = make();
    render(
      <LocationProvider source={source}>
        <Inventory />
      </LocationProvider>,
    );
    expect(screen.getByRole('heading').textContent).toBe('All properties');
    act(() => screen.getByRole('link', { name: 'Open 42' }).click());
    expect(screen.getByRole('heading').textContent).toBe('Property 42');
    act(() => source.navigate('/properties/edit/a%20b'));
    expect(screen.getByRole('heading').textContent).toBe('Editing a b');
    act(() => source.navigate('/properties/favourites'));
    expect(screen.getByRole('heading').textContent).toBe('Favourites');
    act(() => source.navigate('/elsewhere'));
    expect(screen.getByRole('heading').textContent).toBe('Not here');
  });

  it("keeps a host's own fragment under a hash prefix", () => {
    window.location.hash = '#/crm/contacts';
    const source = createScopedHashLocation('/ed', window, '/property/7');
    render(
      <LocationProvider source={source}>
        <Inventory />
      </LocationProvider>,
    );
    expect(screen.getByRole('heading').textContent).toBe('Property 7');
    expect(window.location.hash).toBe('#/crm/contacts');
    act(() => source.navigate('/properties/favourites'));
    expect(window.location.hash).toBe('#/ed/properties/favourites');
  });
});
