import { describe, expect, it } from 'vitest';
import { PROPERTY_IMAGE_MAX_FILES, PROPERTY_MAX_IMAGES, type PropertyImage } from '../../../src/contract';
import { checkPhotos, galleryOrder, moveAnnouncement, moveItem, orderRequest, PHOTO_CHECKS, sameOrder } from '../../../src/widgets/property-inventory/galleryModel';
import { carouselImages } from '../../../src/widgets/property-inventory/propertiesModel';

const image = (id: number, position: number, is_cover = false): PropertyImage => ({ id, path: `p${id}.jpg`, medium: `p${id}-m.webp`, small: null, is_cover, position });
const file = (name: string, type = 'image/jpeg', size = 10) => new File([new Uint8Array(size)], name, { type });

describe('gallery model', () => {
  it('shows the cover first, then the others by position', () => {
    expect(galleryOrder([image(1, 2), image(2, 0), image(3, 1, true)]).map((i) => i.id)).toEqual([3, 2, 1]);
    expect(galleryOrder([image(1, 1), image(2, 0)]).map((i) => i.id)).toEqual([2, 1]);
    expect(galleryOrder(undefined)).toEqual([]);
  });

  it('moves an item, clamped to the list, and sends the first as the cover', () => {
    expect(moveItem(['a', 'b', 'c'], 2, 0)).toEqual(['c', 'a', 'b']);
    expect(moveItem(['a', 'b', 'c'], 0, 9)).toEqual(['b', 'c', 'a']);
    expect(moveItem(['a', 'b'], 5, 0)).toEqual(['a', 'b']);
    expect(orderRequest([image(7, 0), image(3, 1)])).toEqual({ order: [7, 3], cover: 7 });
    expect(orderRequest([])).toEqual({ order: [], cover: null });
    expect(sameOrder([image(1, 0), image(2, 1)], [image(1, 5), image(2, 6)])).toBe(true);
    expect(sameOrder([image(1, 0), image(2, 1)], [image(2, 0), image(1, 1)])).toBe(false);
    expect(moveAnnouncement(0, 4)).toBe('Photo moved to position 1 of 4. It is now the cover.');
    expect(moveAnnouncement(2, 4)).toBe('Photo moved to position 3 of 4.');
  });

  it('checks picked files as the server would: kind, size, how many at once and in all', () => {
    const { accepted, problems } = checkPhotos([file('a.jpg'), file('b.svg', 'image/svg+xml'), file('c.webp', 'image/webp', 11 * 1024 * 1024), file('d.png', 'image/png')], 0);
    expect(accepted.map((f) => f.name)).toEqual(['a.jpg', 'd.png']);
    expect(problems).toEqual([PHOTO_CHECKS.notImage('b.svg'), PHOTO_CHECKS.tooLarge('c.webp')]);
    const many = Array.from({ length: PROPERTY_IMAGE_MAX_FILES + 3 }, (_, i) => file(`${i}.jpg`));
    expect(checkPhotos(many, 0)).toMatchObject({ accepted: many.slice(0, PROPERTY_IMAGE_MAX_FILES), problems: [PHOTO_CHECKS.tooManyAtOnce] });
    expect(checkPhotos([file('x.jpg'), file('y.jpg')], PROPERTY_MAX_IMAGES - 1)).toMatchObject({ problems: [PHOTO_CHECKS.full(1)] });
    expect(checkPhotos([file('x.jpg')], PROPERTY_MAX_IMAGES)).toMatchObject({ accepted: [], problems: [PHOTO_CHECKS.full(0)] });
  });

  it('gives the carousel the whole gallery cover first, or the original other images without one', () => {
    const withGallery = { id: 1, images: [image(1, 0), image(2, 1, true)], property_other_images: ['p1.jpg'] };
    expect(carouselImages(withGallery)).toEqual(['p2-m.webp', 'p1-m.webp']);
    expect(carouselImages({ id: 2, property_other_images: '["x.jpg"]' })).toEqual(['x.jpg']);
  });
});
