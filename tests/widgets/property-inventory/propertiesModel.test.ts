import { describe, expect, it } from 'vitest';
import type { Property } from '../../../src/contract';
import {
  NO_FILTERS,
  carouselStep,
  carouselWindow,
  coverPath,
  filterQuery,
  formInput,
  formatPrice,
  formatPriceShort,
  hasMorePages,
  largeCoverPath,
  nextPageRequest,
  otherImages,
  propertyFormValues,
  readFavourites,
  rechained,
  refreshFavourites,
  toggleFavourite,
  unseenCards,
} from '../../../src/widgets/property-inventory/propertiesModel';

const p = (id: number, extra: Partial<Property> = {}): Property => ({ id, title: `Home ${id}`, ...extra }) as Property;

describe('prices', () => {
  it('groups the full price the Indian way', () => {
    expect(formatPrice(12500000)).toBe('₹1,25,00,000');
    expect(formatPrice('4500000')).toBe('₹45,00,000');
    expect(formatPrice(null)).toBe('');
  });

  it('shortens to crore and lakh', () => {
    expect(formatPriceShort(12500000)).toBe('₹1.25 Cr');
    expect(formatPriceShort(10000000)).toBe('₹1 Cr');
    expect(formatPriceShort(4500000)).toBe('₹45 L');
    expect(formatPriceShort(100000)).toBe('₹1 L');
    expect(formatPriceShort(150000)).toBe('₹1.5 L');
    expect(formatPriceShort('2,35,00,000')).toBe('₹2.35 Cr');
    expect(formatPriceShort(1234567890)).toBe('₹123.46 Cr');
  });

  it('keeps amounts below a lakh in full and rounds up into the next unit', () => {
    expect(formatPriceShort(99999)).toBe('₹99,999');
    expect(formatPriceShort(0)).toBe('₹0');
    expect(formatPriceShort(9999999)).toBe('₹1 Cr');
    expect(formatPriceShort(99999.5)).toBe('₹99,999.50');
    expect(formatPriceShort(-4500000)).toBe('-₹45 L');
    expect(formatPriceShort(1999999)).toBe('₹20 L');
  });

  it('shows text that is not a number as is, nothing as empty', () => {
    expect(formatPriceShort('On request')).toBe('On request');
    expect(formatPriceShort(undefined)).toBe('');
    expect(formatPriceShort('')).toBe('');
  });
});

describe('filters', () => {
  it('sends only the filters in force, trimmed', () => {
    expect(filterQuery(NO_FILTERS)).toEqual({});
    expect(filterQuery({ ...NO_FILTERS, search: ' villa ', type: 'Villa', min_price: '100', bedrooms: '3' })).toEqual({
      search: 'villa',
      type: 'Villa',
      min_price: '100',
      bedrooms: '3',
    });
  });
});

describe('images', () => {
  it('prefers a small rendition for the card', () => {
    expect(coverPath(p(1, { property_cover_image: 'a.jpg' }))).toBe('a.jpg');
    expect(coverPath({ ...p(1, { property_cover_image: 'a.jpg' }), property_cover_image_small: 'a-small.jpg' } as Property)).toBe('a-small.jpg');
    expect(coverPath(p(1))).toBe('');
    expect(largeCoverPath(p(1, { property_cover_image: 'a.jpg', property_cover_image_medium: 'a-m.webp' }))).toBe('a-m.webp');
  });

  it('gives the carousel medium renditions where the gallery has them, other images as list or JSON text', () => {
    const images = [{ id: 9, path: 'b.jpg', small: 'b-s.webp', medium: 'b-m.webp', is_cover: false, position: 1 }];
    expect(otherImages(p(1, { property_other_images: ['b.jpg', 'c.jpg'], images }))).toEqual(['b-m.webp', 'c.jpg']);
    expect(otherImages(p(1, { property_other_images: '["x.jpg"]' }))).toEqual(['x.jpg']);
    expect(otherImages(p(1, { property_other_images: 'not json' }))).toEqual([]);
  });

  it('shows two at a time and wraps around both ways', () => {
    expect(carouselWindow(5, 0)).toEqual([0, 1]);
    expect(carouselWindow(5, 4)).toEqual([4, 0]);
    expect(carouselWindow(1, 0)).toEqual([0]);
    expect(carouselWindow(0, 0)).toEqual([]);
    expect(carouselStep(5, 4, 1)).toBe(0);
    expect(carouselStep(5, 0, -1)).toBe(4);
  });
});

describe('favourites', () => {
  it('toggles whole objects by id, numbers and text alike', () => {
    const one = toggleFavourite([], p(1));
    expect(one).toEqual([p(1)]);
    expect(toggleFavourite(one, { ...p(1), id: '1' })).toEqual([]);
  });

  it('reads only objects with an id from storage', () => {
    expect(readFavourites(null)).toEqual([]);
    expect(readFavourites('junk')).toEqual([]);
    expect(readFavourites([p(1), null, { title: 'x' }, 3])).toEqual([p(1)]);
  });

  it('refreshes changed ones, drops deleted ones and keeps unknown ones', () => {
    const stored = [p(1, { price: 1 }), p(2), p(3)];
    const fresh = new Map<string, Property | null>([
      ['1', p(1, { price: 5 })],
      ['2', null],
    ]);
    expect(refreshFavourites(stored, fresh)).toEqual([p(1, { price: 5 }), p(3)]);
  });
});

describe('form values', () => {
  it('round-trips a property through the form, blanks as null', () => {
    const values = propertyFormValues(p(1, { price: 250000, bedrooms: 3, status: 'available' }));
    expect(values.price).toBe('250000');
    expect(values.description).toBe('');
    const input = formInput(values);
    expect(input.price).toBe('250000');
    expect(input.description).toBeNull();
  });
});

describe('Load More', () => {
  const cards = (...ids: number[]) => ids.map((id) => p(id));

  it('asks after the cursor when the server gives one, by page number when it speaks only the original calls, and stops at the end', () => {
    expect(nextPageRequest({ page: 1 }, { properties: cards(1), total: 40, nextCursor: 'c1' })).toEqual({ page: 2, cursor: 'c1' });
    expect(nextPageRequest({ page: 2, cursor: 'c1' }, { properties: cards(2), total: 40, nextCursor: 'c2' })).toEqual({ page: 3, cursor: 'c2' });
    expect(nextPageRequest({ page: 2, cursor: 'c1' }, { properties: cards(2), total: 40, nextCursor: null })).toBeNull();
    expect(nextPageRequest({ page: 1 }, { properties: cards(1), total: 40 })).toEqual({ page: 2 });
  });

  it('shows Load More by next_cursor when the server sends it, else by the total', () => {
    expect(hasMorePages({ properties: [], total: 40, nextCursor: 'c' }, 1, 12)).toBe(true);
    expect(hasMorePages({ properties: [], total: 40, nextCursor: null }, 1, 12)).toBe(false);
    expect(hasMorePages({ properties: [], total: 40 }, 3, 12)).toBe(true);
    expect(hasMorePages({ properties: [], total: 36 }, 3, 12)).toBe(false);
  });

  it('keeps the pages one chain: the page after one that now ends elsewhere starts there', () => {
    const requests = [{ page: 1 }, { page: 2, cursor: 'a' }, { page: 3, cursor: 'b' }];
    expect(rechained(requests, 0, 'z')).toEqual([{ page: 1 }, { page: 2, cursor: 'z' }, { page: 3, cursor: 'b' }]);
    expect(rechained(requests, 0, 'a')).toBe(requests);
    expect(rechained(requests, 2, 'c')).toBe(requests);
    expect(rechained(requests, 1, null)).toBe(requests);
    const byNumber = [{ page: 1 }, { page: 2 }];
    expect(rechained(byNumber, 0, 'z')).toBe(byNumber);
  });

  it('shows a card once across pages, whatever id form it comes in', () => {
    const first = unseenCards(cards(1, 2, 3), new Set());
    expect(first.cards.map((c) => c.id)).toEqual([1, 2, 3]);
    const second = unseenCards([p(3), p('4' as unknown as number), p(5)], first.seen);
    expect(second.cards.map((c) => String(c.id))).toEqual(['4', '5']);
    expect(unseenCards([p('1' as unknown as number)], second.seen).cards).toEqual([]);
  });
});
