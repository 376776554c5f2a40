import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, PERMISSIONS } from '../../../src/contract';
import { NOTHING_MATCHES } from '../../../src/widgets/property-inventory/PropertyList';
import type { Property } from '../../../src/contract';
import { FakePropertiesServer, seedProperties } from './fakePropertiesServer';
import { cleanupInventory, renderInventory, waitForToast } from './renderInventory';

const fake = new FakePropertiesServer();
beforeAll(() => fake.start());
afterAll(() => fake.stop());
afterEach(() => {
  cleanupInventory();
  fake.reset();
});

const cards = () => screen.queryAllByRole('article');
const waitForCards = (n: number) => waitFor(() => expect(cards()).toHaveLength(n), { timeout: 10_000 });

describe('All Properties', () => {
  it('shows loading, then 12 cards, then the rest after Load More', async () => {
    fake.delayMs = 50;
    renderInventory(fake, '/properties/list');
    expect(screen.getByText('Loading properties...')).toBeTruthy();
    await waitForCards(12);
    const list = fake.seen('GET', '/properties')[0]!;
    expect(list.query.get('page')).toBe('1');
    expect(list.query.get('limit')).toBe('12');
    const first = within(cards()[0]!);
    expect(first.getByText('Sunrise Home 1')).toBeTruthy();
    expect(first.getByText('₹25 L')).toBeTruthy();
    expect(first.getByText('Sale')).toBeTruthy();
    expect(first.getByText('Hyderabad')).toBeTruthy();
    expect(within(cards()[1]!).getByText(MESSAGES.properties.noDate)).toBeTruthy();
    const img = cards()[0]!.querySelector('img')!;
    expect(img.getAttribute('loading')).toBe('lazy');
    expect(img.getAttribute('src')).toContain('properties/1/cover.jpg');
    fireEvent.click(screen.getByRole('button', { name: 'Load More' }));
    await waitForCards(15);
    expect(fake.seen('GET', '/properties').at(-1)!.query.get('page')).toBe('2');
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Load More' })).toBeNull());
  });

  it('loads more by the cursor the server gave, and shows each card once, none lost, while cards come and go', async () => {
    fake.properties = seedProperties(30);
    renderInventory(fake, '/properties/list');
    await waitForCards(12);
    const titles = () => cards().map((card) => card.getAttribute('aria-label'));
    const homes = (...numbers: number[]) => numbers.map((n) => `Sunrise Home ${n}`);
    const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);
    // Someone adds a property meanwhile: by page number, card 12 would come again on page 2.
    fake.addNewest({ id: 500, title: 'Brand New Home' } as Property);
    fireEvent.click(screen.getByRole('button', { name: 'Load More' }));
    await waitForCards(24);
    const asked = fake.seen('GET', '/properties').at(-1)!.query;
    expect(asked.get('cursor')).toBe('r4989');
    expect(asked.get('page')).toBe('2');
    expect(titles()).toEqual(homes(...range(1, 24)));
    // A delete reloads every page: the first now holds the new card and ends at card 11, and the
    // second follows on from there, so card 12 is neither lost between them nor shown twice.
    fireEvent.click(screen.getByRole('button', { name: 'Delete Sunrise Home 20' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(titles()).toEqual(['Brand New Home', ...homes(...range(1, 19), ...range(21, 24))]));
    fireEvent.click(screen.getByRole('button', { name: 'Load More' }));
    await waitFor(() => expect(titles()).toEqual(['Brand New Home', ...homes(...range(1, 19), ...range(21, 30))]));
    // The last page's next_cursor is null: nothing more to load.
    expect(screen.queryByRole('button', { name: 'Load More' })).toBeNull();
  });

  it('falls back to page numbers with a backend that sends no cursor', async () => {
    fake.cursors = false;
    renderInventory(fake, '/properties/list');
    await waitForCards(12);
    fireEvent.click(screen.getByRole('button', { name: 'Load More' }));
    await waitForCards(15);
    const asked = fake.seen('GET', '/properties').at(-1)!.query;
    expect(asked.get('page')).toBe('2');
    expect(asked.get('cursor')).toBeNull();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Load More' })).toBeNull());
  });

  it('prefers the small cover rendition', async () => {
    fake.properties = fake.properties.slice(0, 1).map((p) => ({ ...p, property_cover_image_small: 'properties/1/small.jpg' }));
    renderInventory(fake, '/properties/list');
    await waitForCards(1);
    expect(cards()[0]!.querySelector('img')!.getAttribute('src')).toContain('properties/1/small.jpg');
  });

  it('shows the empty state', async () => {
    fake.properties = [];
    renderInventory(fake, '/properties/list');
    await screen.findByText(MESSAGES.properties.noData);
  });

  it('says when nothing matches the filters, and clears them', async () => {
    renderInventory(fake, '/properties/list');
    await waitForCards(12);
    const search = screen.getByRole('searchbox', { name: 'Search properties' }) as HTMLInputElement;
    fireEvent.change(search, { target: { value: 'no such home' } });
    await screen.findByText(NOTHING_MATCHES, undefined, { timeout: 5000 });
    expect(screen.queryByText(MESSAGES.properties.noData)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitForCards(12);
    expect((screen.getByRole('searchbox', { name: 'Search properties' }) as HTMLInputElement).value).toBe('');
    expect(fake.seen('GET', '/properties').at(-1)!.query.get('search')).toBeNull();
  });

  it('shows the error state and retries', async () => {
    fake.answer('GET', '/properties', 500, { message: 'boom' });
    const h = renderInventory(fake, '/properties/list');
    await screen.findByText('Failed to fetch properties');
    await waitForToast(h, 'Failed to fetch properties');
    fake.overrides = [];
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitForCards(12);
  });

  it('sends search and filters as query params', async () => {
    renderInventory(fake, '/properties/list');
    await waitForCards(12);
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search properties' }), { target: { value: 'Home 1' } });
    fireEvent.change(screen.getByRole('combobox', { name: 'Type' }), { target: { value: 'Plot' } });
    await waitFor(() => expect(fake.seen('GET', '/properties').some((r) => r.query.get('search') === 'Home 1' && r.query.get('type') === 'Plot')).toBe(true), {
      timeout: 5000,
    });
    await waitFor(() => expect(cards().every((c) => within(c).queryByText('Plot'))).toBe(true));
  });

  it('sets the status at once, and undoes it when the server refuses', async () => {
    const h = renderInventory(fake, '/properties/list');
    await waitForCards(12);
    const select = screen.getByRole('combobox', { name: 'Status of Sunrise Home 1' }) as HTMLSelectElement;
    fireEvent.change(select, { target: { value: 'unavailable' } });
    expect(select.value).toBe('unavailable');
    await waitFor(() => expect(fake.seen('PUT', '/properties/1')).toHaveLength(1));
    expect(fake.seen('PUT', '/properties/1')[0]!.json).toEqual({ status: 'unavailable' });

    fake.answer('PUT', '/properties/2', 500, { message: 'no' });
    const second = screen.getByRole('combobox', { name: 'Status of Sunrise Home 2' }) as HTMLSelectElement;
    fireEvent.change(second, { target: { value: 'unavailable' } });
    expect(second.value).toBe('unavailable');
    await waitForToast(h, 'Failed to update status');
    await waitFor(() => expect((screen.getByRole('combobox', { name: 'Status of Sunrise Home 2' }) as HTMLSelectElement).value).toBe('available'));
  });

  it('deletes after "Confirm Delete"', async () => {
    renderInventory(fake, '/properties/list');
    await waitForCards(12);
    fireEvent.click(screen.getByRole('button', { name: 'Delete Sunrise Home 1' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText(MESSAGES.properties.confirmDelete)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(fake.seen('DELETE', '/properties/1')).toHaveLength(1));
    await waitFor(() => expect(screen.queryByText('Sunrise Home 1')).toBeNull());
  });

  it('toggles a favourite into storage and opens Edit with the card’s property', async () => {
    const h = renderInventory(fake, '/properties/list');
    await waitForCards(12);
    const heart = screen.getByRole('button', { name: 'Add Sunrise Home 3 to favourites' });
    fireEvent.click(heart);
    expect(heart.getAttribute('aria-pressed')).toBe('true');
    expect(h.runtime.storage.get<Array<{ id: number }>>('favourites')?.map((p) => p.id)).toEqual([3]);
    const gets = fake.seen('GET', '/properties/').length;
    fireEvent.click(screen.getByRole('button', { name: 'Edit Sunrise Home 3' }));
    expect(h.location.get()).toBe('/properties/edit/3');
    expect(((await screen.findByRole('textbox', { name: 'Title' })) as HTMLInputElement).value).toBe('Sunrise Home 3');
    expect(fake.seen('GET', '/properties/')).toHaveLength(gets);
    // Back to the list and in again by URL: the handed-over copy is gone, the server is asked.
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitForCards(12);
    act(() => h.location.navigate('/properties/edit/3'));
    await screen.findByRole('textbox', { name: 'Title' });
    await waitFor(() => expect(fake.seen('GET', '/properties/3')).toHaveLength(1));
  });

  it('hides what an agent may not do', async () => {
    renderInventory(fake, '/properties/list', { who: 'agent', permissions: [PERMISSIONS.propertyRead] });
    await waitForCards(12);
    expect(screen.queryByRole('button', { name: 'Add Property' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Edit / })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Delete / })).toBeNull();
    expect(screen.queryByRole('combobox', { name: /^Status of / })).toBeNull();
    expect(screen.getAllByRole('button', { name: /favourites$/ }).length).toBe(12);
  });

  it('tells an agent without property-read', async () => {
    renderInventory(fake, '/properties/list', { who: 'agent', permissions: [] });
    await screen.findByText(/You don't have permission for this action: property-read/);
    await act(async () => {});
    expect(fake.seen('GET', '/properties')).toHaveLength(0);
  });
});
