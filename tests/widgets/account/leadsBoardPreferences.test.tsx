/**
 * The leads board reads the person's preferences (first tab, page size) — the one change the
 * account work made to the board, tested here over the board's own fake API.
 */
import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_PREFERENCES } from '../../../src/contract';
import { setOverlayContainer } from '../../../src/ui/OverlayLayer';
import { send } from '../../support/fakeApiServer';
import { FakeLeadsServer } from '../leads-board/fakeLeadsServer';
import { renderBoard } from '../leads-board/renderBoard';

const fake = new FakeLeadsServer();
beforeAll(() => fake.start());
afterAll(() => fake.stop());
afterEach(() => {
  cleanup();
  setOverlayContainer(null);
  fake.reset();
});

const preferences = (data: object) =>
  fake.overrides.push((req, res) => {
    if (req.path !== '/api/v1/users/preferences') return false;
    send(res, 200, { status: 'Success', data: { ...DEFAULT_PREFERENCES, ...data } });
  });

const lists = () => fake.requests.filter((r) => r.path.startsWith('/api/v1/leads/list/workflow/'));

describe('leads board with preferences', () => {
  it('opens on the preferred tab with the preferred page size', async () => {
    preferences({ leads_default_tab: 3, leads_page_size: 25 });
    renderBoard(fake);
    await waitFor(() => expect(screen.getByRole('tab', { name: /^Won/ }).getAttribute('aria-selected')).toBe('true'));
    await waitFor(() => expect(lists().some((r) => r.path.endsWith('/3') && r.query.get('pageSize') === '25')).toBe(true));
  });

  it('keeps All Contacts and 10 a page without preferences, and when the preferred tab is gone', async () => {
    fake.answer('GET', '/users/preferences', 404, { message: 'Not found' });
    renderBoard(fake);
    await waitFor(() => expect(lists().length).toBeGreaterThan(0));
    expect(lists()[0]!.path.endsWith('/1')).toBe(true);
    expect(lists()[0]!.query.get('pageSize')).toBe('10');
    cleanup();
    fake.reset();
    preferences({ leads_default_tab: 99 });
    renderBoard(fake);
    await waitFor(() => expect(screen.getByRole('tab', { name: /^All Contacts/ }).getAttribute('aria-selected')).toBe('true'));
  });
});
