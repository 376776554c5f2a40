/**
 * Edit Property's photos over the fake API: shown cover first, added (checked first, previewed
 * while sending), made the cover, moved by buttons and by drag and drop, removed after a
 * confirmation; every failure keeps what the agent did and offers Try again / Undo / Discard, and
 * Save Changes waits meanwhile.
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { PHOTO_CHECKS } from '../../../src/widgets/property-inventory/galleryModel';
import { GALLERY_TEXT } from '../../../src/widgets/property-inventory/GalleryEditor';
import { NO_GALLERY, PHOTOS_PENDING } from '../../../src/widgets/property-inventory/EditProperty';
import { FakePropertiesServer } from './fakePropertiesServer';
import { cleanupInventory, renderInventory, waitForToast } from './renderInventory';

const fake = new FakePropertiesServer();
beforeAll(() => fake.start());
afterAll(() => fake.stop());
afterEach(() => {
  cleanupInventory();
  fake.reset();
});

const tiles = () => within(screen.getByRole('list', { name: /^Photos of / })).getAllByRole('listitem');
const tileNames = () => tiles().map((tile) => tile.getAttribute('aria-label'));
/** The stored photo each tile shows, by its file name. */
const shownFiles = () => tiles().map((tile) => within(tile).queryByRole('img')?.getAttribute('src')?.split('/').pop() ?? '');
const photoFile = (name: string, type = 'image/png', bytes = 64) => new File([new Uint8Array(bytes)], name, { type });

async function openGallery(count = 3) {
  fake.withGallery(2, count);
  const harness = renderInventory(fake, '/properties/edit/2');
  await screen.findByRole('heading', { name: count ? `Photos (${count})` : 'Photos' });
  return harness;
}

function pick(files: File[]) {
  const input = screen.getByLabelText('Add photos') as HTMLInputElement;
  fireEvent.change(input, { target: { files } });
}

const saveChanges = () => screen.getByRole('button', { name: 'Save Changes' }) as HTMLButtonElement;

describe('Edit Property: photos', () => {
  it('shows the photos cover first, each with its place, and says when there are none', async () => {
    fake.withGallery(2, 3);
    // A cover that is not first on the server still leads the gallery.
    const images = fake.properties[1]!.images!;
    images[0]!.is_cover = false;
    images[2]!.is_cover = true;
    renderInventory(fake, '/properties/edit/2');
    await screen.findByRole('heading', { name: 'Photos (3)' });
    expect(tileNames()).toEqual(['Photo 1 of 3, cover', 'Photo 2 of 3', 'Photo 3 of 3']);
    expect(shownFiles()).toEqual(['p3-small.webp', 'p1-small.webp', 'p2-small.webp']);
    expect(within(tiles()[0]!).getByText('Cover')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Move photo 1 earlier' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Move photo 3 later' })).toHaveProperty('disabled', true);
    expect(screen.queryByRole('button', { name: 'Make photo 1 the cover' })).toBeNull();
    cleanupInventory();

    fake.properties[1]!.images = [];
    renderInventory(fake, '/properties/edit/2');
    await screen.findByText(GALLERY_TEXT.empty);
    cleanupInventory();

    // A server answering the original fields only (no gallery): said, and nothing offered.
    delete fake.properties[1]!.images;
    renderInventory(fake, '/properties/edit/2');
    await screen.findByText(NO_GALLERY);
    expect(screen.queryByLabelText('Add photos')).toBeNull();
    expect(saveChanges().disabled).toBe(false);
  });

  it('adds photos: refuses what the server would, previews while sending, then shows them saved', async () => {
    const harness = await openGallery(2);
    fake.delayMs = 60;
    pick([photoFile('garden.png'), photoFile('notes.txt', 'text/plain'), photoFile('huge.jpg', 'image/jpeg', 10 * 1024 * 1024 + 1)]);
    expect(screen.getByRole('alert').textContent).toContain(PHOTO_CHECKS.notImage('notes.txt'));
    expect(screen.getByRole('alert').textContent).toContain(PHOTO_CHECKS.tooLarge('huge.jpg'));
    // While it is sent: the preview tile, the busy status, Save Changes waiting.
    expect(await screen.findByRole('listitem', { name: 'New photo garden.png' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe(GALLERY_TEXT.saving);
    expect(saveChanges().disabled).toBe(true);
    expect(screen.getByText(PHOTOS_PENDING)).toBeTruthy();
    await waitForToast(harness, GALLERY_TEXT.added(1));
    expect(tileNames()).toEqual(['Photo 1 of 3, cover', 'Photo 2 of 3', 'Photo 3 of 3']);
    expect(screen.getByRole('status').textContent).toBe(GALLERY_TEXT.saved);
    expect(saveChanges().disabled).toBe(false);
    const [post] = fake.seen('POST', '/properties/2/images');
    expect(post!.body).toContain('name="images[]"; filename="garden.png"');
    expect(post!.body).not.toContain('notes.txt');
    expect(post!.body).not.toContain('huge.jpg');
  });

  it('keeps photos that could not be sent: the server’s message, Try again, or Discard', async () => {
    await openGallery(1);
    fake.overrides.push((req, res) => {
      if (req.method !== 'POST') return false;
      res.writeHead(413, { 'content-type': 'application/json', 'access-control-allow-origin': '*' });
      res.end(JSON.stringify({ status: 'Error', message: 'A property keeps at most 60 photos; remove some first.' }));
    });
    pick([photoFile('a.png'), photoFile('b.webp', 'image/webp')]);
    expect((await screen.findByRole('alert')).textContent).toContain('A property keeps at most 60 photos; remove some first.');
    expect(screen.getAllByText('Not saved')).toHaveLength(2);
    expect(screen.getByRole('status').textContent).toBe(GALLERY_TEXT.unsaved);
    expect(saveChanges().disabled).toBe(true);
    expect((screen.getByLabelText('Add photos') as HTMLInputElement).disabled).toBe(true);

    fake.overrides = [];
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(tileNames()).toEqual(['Photo 1 of 3, cover', 'Photo 2 of 3', 'Photo 3 of 3']));
    expect(fake.seen('POST', '/properties/2/images')).toHaveLength(2);
    expect(saveChanges().disabled).toBe(false);

    fake.answer('POST', '/properties/2/images', 500, { status: 'Error' });
    pick([photoFile('c.png')]);
    expect((await screen.findByRole('alert')).textContent).toContain(GALLERY_TEXT.addFailed);
    fireEvent.click(screen.getByRole('button', { name: 'Discard' }));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByRole('listitem', { name: 'New photo c.png' })).toBeNull();
    expect(saveChanges().disabled).toBe(false);
  });

  it('makes a photo the cover: it moves to the front and the order is saved with it as cover', async () => {
    await openGallery(3);
    fireEvent.click(screen.getByRole('button', { name: 'Make photo 3 the cover' }));
    expect(shownFiles()).toEqual(['p3-small.webp', 'p1-small.webp', 'p2-small.webp']);
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe(GALLERY_TEXT.saved));
    expect(fake.seen('PUT', '/properties/2/images')[0]!.json).toEqual({ order: [203, 201, 202], cover: 203 });
    expect(fake.properties[1]!.property_cover_image).toBe('properties/2/p3.jpg');
    expect(within(tiles()[0]!).getByText('Cover')).toBeTruthy();
  });

  it('moves a photo with its buttons, keeping the focus on the moved photo for the next key press', async () => {
    await openGallery(3);
    const later = screen.getByRole('button', { name: 'Move photo 1 later' });
    later.focus();
    fireEvent.click(later);
    expect(shownFiles()).toEqual(['p2-small.webp', 'p1-small.webp', 'p3-small.webp']);
    expect(document.activeElement?.getAttribute('aria-label')).toBe('Move photo 2 later');
    fireEvent.click(document.activeElement as HTMLElement);
    expect(shownFiles()).toEqual(['p2-small.webp', 'p3-small.webp', 'p1-small.webp']);
    // At the end "later" is disabled: the focus goes to "earlier" of the same photo.
    expect(document.activeElement?.getAttribute('aria-label')).toBe('Move photo 3 earlier');
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe(GALLERY_TEXT.saved));
    // The last order wins, whatever was in flight; the first photo is now the cover.
    expect(fake.seen('PUT', '/properties/2/images').at(-1)!.json).toEqual({ order: [202, 203, 201], cover: 202 });
    expect(fake.properties[1]!.images!.map((image) => [image.id, image.is_cover])).toEqual([
      [202, true],
      [203, false],
      [201, false],
    ]);
  });

  it('moves a photo by drag and drop', async () => {
    await openGallery(3);
    const [first, , third] = tiles();
    fireEvent.dragStart(third!);
    fireEvent.dragOver(first!);
    fireEvent.drop(first!);
    fireEvent.dragEnd(third!);
    expect(shownFiles()).toEqual(['p3-small.webp', 'p1-small.webp', 'p2-small.webp']);
    await waitFor(() => expect(fake.seen('PUT', '/properties/2/images')).toHaveLength(1));
    expect(fake.seen('PUT', '/properties/2/images')[0]!.json).toEqual({ order: [203, 201, 202], cover: 203 });
  });

  it('adds photos dropped on the gallery from the desktop', async () => {
    const harness = await openGallery(1);
    const list = screen.getByRole('list', { name: /^Photos of / });
    const dataTransfer = { types: ['Files'], files: [photoFile('dropped.webp', 'image/webp')] };
    fireEvent.dragOver(list, { dataTransfer });
    fireEvent.drop(list, { dataTransfer });
    await waitForToast(harness, GALLERY_TEXT.added(1));
    expect(tileNames()).toEqual(['Photo 1 of 2, cover', 'Photo 2 of 2']);
    expect(fake.seen('POST', '/properties/2/images')[0]!.body).toContain('filename="dropped.webp"');
  });

  it('keeps an order that could not be saved, with Try again and Undo', async () => {
    await openGallery(3);
    fake.answer('PUT', '/properties/2/images', 500, { status: 'Error', message: 'Database is busy' });
    fireEvent.click(screen.getByRole('button', { name: 'Move photo 2 earlier' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Database is busy');
    expect(shownFiles()).toEqual(['p2-small.webp', 'p1-small.webp', 'p3-small.webp']);
    expect(saveChanges().disabled).toBe(true);
    // Adding and removing wait for the order: their answers carry the server's.
    expect((screen.getByLabelText('Add photos') as HTMLInputElement).disabled).toBe(true);
    expect(screen.getByRole('button', { name: 'Remove photo 1' })).toHaveProperty('disabled', true);

    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    expect(shownFiles()).toEqual(['p1-small.webp', 'p2-small.webp', 'p3-small.webp']);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(saveChanges().disabled).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'Move photo 3 earlier' }));
    await screen.findByRole('alert');
    fake.overrides = [];
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe(GALLERY_TEXT.saved));
    expect(fake.properties[1]!.images!.map((image) => image.id)).toEqual([201, 203, 202]);
  });

  it('removes a photo only once confirmed, and keeps it when the server refuses', async () => {
    const harness = await openGallery(3);
    fireEvent.click(screen.getByRole('button', { name: 'Remove photo 1' }));
    let dialog = await screen.findByRole('alertdialog', { name: 'Remove photo?' });
    expect(dialog.textContent).toContain('Photo 1 of 3 will be deleted from this property, and the next photo becomes the cover.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(fake.seen('DELETE', '/properties/2/images')).toHaveLength(0);

    // As a click in a browser does, the button takes the focus (the dialog gives it back on close).
    const trash = screen.getByRole('button', { name: 'Remove photo 1' });
    trash.focus();
    fireEvent.click(trash);
    dialog = await screen.findByRole('alertdialog', { name: 'Remove photo?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitForToast(harness, GALLERY_TEXT.removed);
    expect(tileNames()).toEqual(['Photo 1 of 2, cover', 'Photo 2 of 2']);
    expect(shownFiles()).toEqual(['p2-small.webp', 'p3-small.webp']);
    expect(fake.seen('DELETE', '/properties/2/images/201')).toHaveLength(1);
    // The focus stays in the gallery, on the photo now in the removed one's place.
    await waitFor(() => expect(document.activeElement?.getAttribute('aria-label')).toBe('Remove photo 1'));

    fake.answer('DELETE', /\/images\//, 500, { status: 'Error' });
    fireEvent.click(screen.getByRole('button', { name: 'Remove photo 2' }));
    dialog = await screen.findByRole('alertdialog', { name: 'Remove photo?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect((await screen.findByRole('alert')).textContent).toContain(GALLERY_TEXT.removeFailed);
    expect(tileNames()).toHaveLength(2);
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('saves the fields with Save Changes apart from the photos, which are saved already', async () => {
    const harness = await openGallery(2);
    fireEvent.click(screen.getByRole('button', { name: 'Make photo 2 the cover' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe(GALLERY_TEXT.saved));
    fireEvent.change(screen.getByRole('textbox', { name: 'Title' }), { target: { value: 'Renamed home' } });
    await act(async () => {
      fireEvent.click(saveChanges());
    });
    await waitFor(() => expect(harness.location.get()).toBe('/properties/list'));
    const [put] = fake.seen('PUT', '/properties/2').filter((r) => r.path === '/api/v1/properties/2');
    expect(put!.json).toMatchObject({ title: 'Renamed home' });
    expect(put!.json).not.toHaveProperty('images');
    expect(fake.properties[1]!.property_cover_image).toBe('properties/2/p2.jpg');
  });
});
