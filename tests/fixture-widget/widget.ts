/**
 * A widget that exists only for tests/app/fixtureWidget.test.tsx: two screens, declared as any
 * widget of src/widgets declares its own (docs/new-widget.md). Added to the catalog as one line, it
 * must be routed, guarded, in the sidebar, and mountable by script tag and as a custom element.
 */
import { PERMISSIONS } from '../../src/contract/permissions';
import { defineScreens } from '../../src/runtime/screens';
import { defineWidget } from '../../src/runtime/widget';

export const NOTES_SCREENS = defineScreens({
  list: {
    path: '/fixture/notes',
    title: 'Fixture Notes',
    access: { permission: PERMISSIONS.leadRead },
    nav: { group: 'management.system', label: 'Notes', order: 5 },
  },
  note: { path: '/fixture/notes/:id', title: 'Fixture Note', access: { permission: PERMISSIONS.leadEdit } },
});

export const fixtureNotesWidget = defineWidget({
  name: 'fixture-notes',
  title: 'Notes',
  load: () => import('./FixtureNotes'),
  screens: NOTES_SCREENS,
});
