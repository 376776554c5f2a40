/**
 * Matching leads on a property's details over the fake API: loading, the list (same city first as
 * the server orders it) with each lead one click from the leads board, empty texts, a failure with
 * Retry, and nothing at all (not even the request) without lead-read.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ALL_PERMISSIONS, PERMISSIONS } from '../../../src/contract';
import { MATCHING_TEXT } from '../../../src/widgets/property-inventory/MatchingLeads';
import { FakePropertiesServer, matchingLead } from './fakePropertiesServer';
import { cleanupInventory, renderInventory } from './renderInventory';

const fake = new FakePropertiesServer();
beforeAll(() => fake.start());
afterAll(() => fake.stop());
afterEach(() => {
  cleanupInventory();
  fake.reset();
});

describe('Property details: matching leads', () => {
  it('lists them with what they want, their status and city, each a link to the lead on the leads board', async () => {
    fake.leads = {
      data: [matchingLead(41, { name: 'Meera Iyer', phone: '+91 98490 11111' }), matchingLead(42, { name: 'Arjun Rao', city: 'Pune', city_match: false, workflow: 'Won' })],
      total: 14,
    };
    fake.delayMs = 30;
    const harness = renderInventory(fake, '/property/2');
    await screen.findByRole('heading', { name: 'Sunrise Home 2' });
    const panel = screen.getByRole('region', { name: MATCHING_TEXT.heading });
    expect(within(panel).getByText('Loading matching leads...')).toBeTruthy();
    const list = await within(panel).findByRole('list', { name: MATCHING_TEXT.heading });
    expect(within(panel).getByText(MATCHING_TEXT.summary(2, 14))).toBeTruthy();
    const [meera, arjun] = within(list).getAllByRole('listitem');
    expect(meera!.textContent).toContain('Wants: Villa');
    expect(meera!.textContent).toContain('Same city');
    expect(meera!.textContent).toContain('+91 98490 11111');
    expect(within(meera!).getByText('Open')).toBeTruthy();
    expect(arjun!.textContent).toContain('Pune');
    expect(arjun!.textContent).not.toContain('Same city');
    expect(within(arjun!).getByText('Won')).toBeTruthy();
    expect(fake.seen('GET', '/properties/2/leads')).toHaveLength(1);

    fireEvent.click(within(meera!).getByRole('link', { name: 'Meera Iyer' }));
    await waitFor(() => expect(harness.location.get()).toBe('/leads-management?lead=41'));
    // Mounted alone there is no leads board here (the host hears the navigation): the way back.
    await screen.findByText('This lead opens on the leads board');
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    await screen.findByRole('heading', { name: 'Sunrise Home 2' });
    expect(harness.location.get()).toBe('/property/2');
  });

  it('offers the leads board beside them, and says when there are more than were counted', async () => {
    fake.leads = { data: [matchingLead(5)], total: 1000, capped: true };
    const harness = renderInventory(fake, '/property/1');
    const link = await screen.findByRole('link', { name: MATCHING_TEXT.board });
    expect(screen.getByText('1 of 1,000+, same city first')).toBeTruthy();
    fireEvent.click(link);
    await waitFor(() => expect(harness.location.get()).toBe('/leads-management'));
  });

  it('says when nobody is looking for this type, or when the property has none', async () => {
    renderInventory(fake, '/property/2');
    await screen.findByText(MATCHING_TEXT.none('Villa'));
    cleanupInventory();
    fake.properties[1]!.property_type = null;
    renderInventory(fake, '/property/2');
    await screen.findByText(MATCHING_TEXT.noType);
  });

  it('says when they could not be loaded, and loads them again on Retry', async () => {
    fake.answer('GET', '/properties/3/leads', 500, { status: 'Error' });
    renderInventory(fake, '/property/3');
    const panel = await screen.findByRole('region', { name: MATCHING_TEXT.heading });
    expect((await within(panel).findByRole('alert')).textContent).toContain(MATCHING_TEXT.failed);
    // The rest of the page is there all the same.
    expect(screen.getByRole('heading', { name: 'Sunrise Home 3' })).toBeTruthy();
    fake.overrides = [];
    fake.leads = { data: [matchingLead(7, { name: 'Kavya Nair' })], total: 1 };
    fireEvent.click(within(panel).getByRole('button', { name: 'Retry' }));
    await within(panel).findByRole('link', { name: 'Kavya Nair' });
  });

  it('shows nothing and asks nothing without lead-read', async () => {
    fake.leads = { data: [matchingLead(5)], total: 1 };
    renderInventory(fake, '/property/2', { who: 'agent', permissions: ALL_PERMISSIONS.filter((p) => p !== PERMISSIONS.leadRead) });
    await screen.findByRole('heading', { name: 'Sunrise Home 2' });
    await screen.findByRole('heading', { name: 'Owner history' });
    expect(screen.queryByRole('heading', { name: MATCHING_TEXT.heading })).toBeNull();
    expect(fake.seen('GET', '/properties/2/leads')).toHaveLength(0);
  });
});
