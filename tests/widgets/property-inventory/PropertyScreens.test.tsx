import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, PERMISSIONS } from '../../../src/contract';
import { FakePropertiesServer } from './fakePropertiesServer';
import { cleanupInventory, renderInventory, waitForToast } from './renderInventory';

const fake = new FakePropertiesServer();
beforeAll(() => fake.start());
afterAll(() => fake.stop());
afterEach(() => {
  cleanupInventory();
  fake.reset();
});

describe('Property details', () => {
  it('shows loading, then every fact, features split on commas and the side panel', async () => {
    fake.delayMs = 30;
    renderInventory(fake, '/property/4');
    expect(screen.getByText('Loading property...')).toBeTruthy();
    await screen.findByRole('heading', { name: 'Sunrise Home 4' });
    expect(screen.getByText('4 Road No. 12, Hyderabad')).toBeTruthy();
    expect(screen.getAllByText('₹1,00,00,000').length).toBeGreaterThan(0);
    expect(screen.getByText('940 sq ft')).toBeTruthy();
    expect(screen.getByText('RERA')).toBeTruthy();
    expect(screen.getByText('House')).toBeTruthy();
    expect(screen.getByText('A bright home number 4.')).toBeTruthy();
    const features = within(screen.getByRole('list', { name: 'Features' })).getAllByRole('listitem').map((li) => li.textContent);
    expect(features).toEqual(['Parking', 'Lift', 'Garden']);
    expect(screen.getByRole('heading', { name: 'Agent' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Location' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Owner history' })).toBeTruthy();
  });

  it('shows two images at a time and wraps around with buttons, arrows and swipes', async () => {
    renderInventory(fake, '/property/3'); // other images as JSON text
    const carousel = await screen.findByRole('region', { name: 'Images of Sunrise Home 3' });
    const shown = () => within(carousel).getAllByRole('img').map((img) => img.getAttribute('alt'));
    expect(shown()).toEqual(['Sunrise Home 3, image 1 of 3', 'Sunrise Home 3, image 2 of 3']);
    fireEvent.click(within(carousel).getByRole('button', { name: 'Next images' }));
    fireEvent.click(within(carousel).getByRole('button', { name: 'Next images' }));
    expect(shown()).toEqual(['Sunrise Home 3, image 3 of 3', 'Sunrise Home 3, image 1 of 3']);
    fireEvent.keyDown(carousel, { key: 'ArrowLeft' });
    expect(shown()).toEqual(['Sunrise Home 3, image 2 of 3', 'Sunrise Home 3, image 3 of 3']);
    const slides = within(carousel).getAllByRole('img')[0]!.parentElement!;
    fireEvent.touchStart(slides, { touches: [{ clientX: 200 }] });
    fireEvent.touchEnd(slides, { changedTouches: [{ clientX: 100 }] });
    expect(shown()).toEqual(['Sunrise Home 3, image 3 of 3', 'Sunrise Home 3, image 1 of 3']);
  });

  it('says "Property not found" for an unknown id', async () => {
    renderInventory(fake, '/property/999');
    await screen.findByText(MESSAGES.properties.notFound);
  });

  it('says "Failed to load property details" when the call fails', async () => {
    fake.answer('GET', '/properties/4', 500, { message: 'boom' });
    renderInventory(fake, '/property/4');
    await screen.findByText(MESSAGES.properties.detailFailed);
  });
});

describe('Add Property', () => {
  const fill = (name: string, value: string) => fireEvent.change(screen.getByLabelText(name), { target: { value } });

  it('sends every field and the images as multipart, then resets', async () => {
    const h = renderInventory(fake, '/properties/add');
    await screen.findByRole('form', { name: 'Add Property' });
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(expect.arrayContaining(['Plot', 'Villa', 'Apartment', 'House']));
    fill('Title', 'Lake View Villa');
    fill('Property type', 'Villa');
    fill('Price (₹)', '12500000');
    fill('Bedrooms', '4');
    fill('Year built', '2015');
    const cover = new File(['cover'], 'cover.png', { type: 'image/png' });
    const other = new File(['other'], 'other.png', { type: 'image/png' });
    fireEvent.change(screen.getByLabelText('Cover image'), { target: { files: [cover] } });
    fireEvent.change(screen.getByLabelText('Other images'), { target: { files: [other] } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitForToast(h, MESSAGES.properties.added);
    const post = fake.seen('POST', '/properties')[0]!;
    expect(String(post.headers['content-type'])).toContain('multipart/form-data');
    expect(post.body).toContain('name="title"\r\n\r\nLake View Villa');
    expect(post.body).toContain('name="price"\r\n\r\n12500000');
    expect(post.body).toContain('name="property_cover_image"; filename="cover.png"');
    expect(post.body).toContain('name="property_other_images[]"; filename="other.png"');
    await waitFor(() => expect((screen.getByLabelText('Title') as HTMLInputElement).value).toBe(''));
  });

  it('sends an empty form (no field is required) and refuses a year out of range', async () => {
    const h = renderInventory(fake, '/properties/add');
    await screen.findByRole('form', { name: 'Add Property' });
    fill('Year built', '1800');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText(MESSAGES.validation.yearBuiltRange);
    expect(fake.seen('POST', '/properties')).toHaveLength(0);
    fill('Year built', '');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitForToast(h, MESSAGES.properties.added);
  });

  it('shows "Saving..." and then the server message on failure', async () => {
    fake.delayMs = 80;
    fake.answer('POST', '/properties', 422, { message: 'Title is taken' });
    const h = renderInventory(fake, '/properties/add');
    await screen.findByRole('form', { name: 'Add Property' });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByRole('button', { name: /Saving\.\.\./ });
    await waitForToast(h, 'Error: Title is taken');
  });

  it('falls back to the product’s message when the server sends none', async () => {
    fake.answer('POST', '/properties', 500, {});
    const h = renderInventory(fake, '/properties/add');
    await screen.findByRole('form', { name: 'Add Property' });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitForToast(h, `Error: ${MESSAGES.properties.addFailedDefault}`);
  });

  it('Cancel goes back to the list; an agent without property-create is told', async () => {
    const h = renderInventory(fake, '/properties/add');
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(h.location.get()).toBe('/properties/list');
    cleanupInventory();
    renderInventory(fake, '/properties/add', { who: 'agent', permissions: [PERMISSIONS.propertyRead] });
    await screen.findByText(/property-create/);
  });
});

describe('Edit Property', () => {
  it('fetches the property when opened directly and saves the changes as JSON', async () => {
    const h = renderInventory(fake, '/properties/edit/5');
    const title = (await screen.findByLabelText('Title')) as HTMLInputElement;
    await waitFor(() => expect(title.value).toBe('Sunrise Home 5'));
    fireEvent.change(title, { target: { value: 'Renamed Home' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(h.location.get()).toBe('/properties/list'));
    const put = fake.seen('PUT', '/properties/5')[0]!;
    expect(String(put.headers['content-type'])).toContain('application/json');
    expect((put.json as { title: string }).title).toBe('Renamed Home');
  });

  it('says "Error: Property not found." for an unknown id', async () => {
    renderInventory(fake, '/properties/edit/999');
    await screen.findByText(MESSAGES.properties.editNotFound);
  });

  it('Cancel goes back to the list', async () => {
    const h = renderInventory(fake, '/properties/edit/5');
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(h.location.get()).toBe('/properties/list');
  });
});

describe('Favourites', () => {
  it('shows the empty text', async () => {
    renderInventory(fake, '/properties/favourites');
    await screen.findByRole('heading', { name: MESSAGES.properties.favouritesTitle });
    expect(screen.getByText(MESSAGES.properties.noFavourites)).toBeTruthy();
  });

  it('refreshes changed favourites, drops deleted ones, and removes on request', async () => {
    const favourites = [{ id: 1, title: 'Old title' }, { id: 999, title: 'Gone' }, { id: 2, title: 'Sunrise Home 2' }];
    const h = renderInventory(fake, '/properties/favourites', { favourites });
    expect(screen.getByText('Gone')).toBeTruthy();
    await screen.findByText('Sunrise Home 1');
    await waitFor(() => expect(screen.queryByText('Gone')).toBeNull());
    expect(h.runtime.storage.get<Array<{ id: number }>>('favourites')!.map((p) => p.id)).toEqual([1, 2]);
    fireEvent.click(screen.getAllByRole('button', { name: 'Remove' })[0]!);
    await waitFor(() => expect(screen.queryByText('Sunrise Home 1')).toBeNull());
    expect(h.runtime.storage.get<Array<{ id: number }>>('favourites')!.map((p) => p.id)).toEqual([2]);
  });

  it('keeps a stored copy when the server cannot be reached', async () => {
    fake.answer('GET', /\/properties\/\d+$/, 500, {});
    renderInventory(fake, '/properties/favourites', { favourites: [{ id: 1, title: 'Stored title' }] });
    await screen.findByText('Stored title');
    await act(async () => {
      await new Promise((r) => setTimeout(r, 100));
    });
    expect(screen.getByText('Stored title')).toBeTruthy();
  });
});

describe('Favourites across mounts', () => {
  it('a heart on the grid shows on Favourites of the same namespace', async () => {
    const grid = renderInventory(fake, '/properties/list');
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(12));
    renderInventory(fake, '/properties/favourites', { runtime: grid.runtime });
    expect(screen.getByText(MESSAGES.properties.noFavourites)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add Sunrise Home 6 to favourites' }));
    await waitFor(() => expect(screen.queryByText(MESSAGES.properties.noFavourites)).toBeNull());
    expect(screen.getAllByText('Sunrise Home 6')).toHaveLength(2);
  });
});
