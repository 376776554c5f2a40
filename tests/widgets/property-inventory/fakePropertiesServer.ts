/**
 * A tiny properties API on node:http for the widget tests: list (page, limit, filters, and the
 * cursor when `cursors` is on, as the reference server does; off, it speaks only the original
 * calls), get, create (multipart, recorded raw), update, delete, the edit screen's gallery (append,
 * order and cover, remove), a property's matching leads and upcoming visits (with what the
 * calendar's form reads), from an in-memory state; records every request.
 */
import type { ServerResponse } from 'node:http';
import { FakeAppointments } from '../../support/fakeAppointments';
import { FakeApiServer, send, type Seen } from '../../support/fakeApiServer';
import type { MatchingLead, Property, PropertyImage } from '../../../src/contract';

const TYPES = ['Plot', 'Villa', 'Apartment', 'House'];

/** `count` properties, newest first; every third unavailable; other images as JSON text on odd ids. */
export function seedProperties(count = 15): Property[] {
  return Array.from({ length: count }, (_, i) => {
    const n = i + 1;
    const images = [`properties/${n}/a.jpg`, `properties/${n}/b.jpg`, `properties/${n}/c.jpg`];
    return {
      id: n,
      title: `Sunrise Home ${n}`,
      description: `A bright home number ${n}.`,
      property_type: TYPES[i % TYPES.length]!,
      location: 'Banjara Hills',
      address: `${n} Road No. 12, Hyderabad`,
      price: 2500000 * n,
      bedrooms: (i % 4) + 1,
      bathrooms: (i % 3) + 1,
      square_footage: 900 + n * 10,
      lot_size: null,
      year_built: 2000 + (i % 20),
      property_cover_image: `properties/${n}/cover.jpg`,
      property_other_images: n % 2 ? JSON.stringify(images) : images,
      features: 'Parking, Lift , Garden',
      status: n % 3 === 0 ? 'unavailable' : 'available',
      area_units: 'sq ft',
      square_yards: 100,
      registration_number: `REG-${n}`,
      certificates: 'RERA',
      created_at: n === 2 ? null : '2024-03-05T10:30:00Z',
    };
  });
}

/** `count` stored photos of property `id`, the first the cover, in gallery order. */
export function galleryOf(id: number, count: number): PropertyImage[] {
  return Array.from({ length: count }, (_, i) => ({
    id: id * 100 + i + 1,
    path: `properties/${id}/p${i + 1}.jpg`,
    small: `properties/${id}/p${i + 1}-small.webp`,
    medium: `properties/${id}/p${i + 1}-medium.webp`,
    is_cover: i === 0,
    position: i,
  }));
}

/** A lead as GET /properties/{id}/leads answers it. */
export function matchingLead(id: number, fields: Partial<MatchingLead> = {}): MatchingLead {
  return {
    id,
    name: `Lead Person ${id}`,
    first_name: 'Lead',
    last_name: `Person ${id}`,
    phone: `+91 90000 ${String(id).padStart(5, '0')}`,
    city: 'Hyderabad',
    property_type: 8,
    workflow: 'Open',
    workflow_id: 2,
    city_match: true,
    ...fields,
  };
}

export class FakePropertiesServer extends FakeApiServer {
  properties: Property[] = seedProperties();
  /** Answers `next_cursor` and takes `cursor` (the reference server); false: page numbers only. */
  cursors = true;
  /** Each property's place in the newest-first order (higher is newer), as a cursor names it. */
  private readonly ranks = new Map<string, number>();
  private nextRank = 10_000;
  /** The matching leads answered for every property, and how many match in all. */
  leads: { data: MatchingLead[]; total: number; capped?: boolean } = { data: [], total: 0 };
  private nextId = 1000;
  private nextImageId = 90_000;
  /** A property's visits and the calendar's form opened by "Schedule visit". */
  appointments = new FakeAppointments();

  reset(): void {
    this.appointments.reset();
    this.properties = seedProperties();
    this.cursors = true;
    this.ranks.clear();
    this.nextRank = 10_000;
    this.leads = { data: [], total: 0 };
    this.resetRequests();
  }

  /** Gives property `id` a gallery of `count` photos (the grid's answers carry none by default). */
  withGallery(id: number, count: number): PropertyImage[] {
    const property = this.properties.find((p) => p.id === id)!;
    property.images = galleryOf(id, count);
    this.syncCover(property);
    return property.images;
  }

  /** The original cover and other images fields from the gallery, as the server derives them. */
  private syncCover(property: Property): void {
    const images = [...(property.images ?? [])].sort((a, b) => a.position - b.position);
    property.images = images;
    const cover = images.find((image) => image.is_cover) ?? null;
    property.property_cover_image = cover?.path ?? null;
    property.property_cover_image_small = cover?.small ?? null;
    property.property_other_images = images.filter((image) => image !== cover).map((image) => image.path);
  }

  private gallery(req: Seen, res: ServerResponse, property: Property, imageId: string | undefined): void {
    const images = property.images ?? [];
    if (req.method === 'POST' && imageId === undefined) {
      const names = [...req.body.matchAll(/name="images\[\]"; filename="([^"]*)"/g)].map((m) => m[1]!);
      const hasCover = images.some((image) => image.is_cover);
      const added = names.map((name, i) => {
        const id = this.nextImageId++;
        return { id, path: `properties/${property.id}/${name}`, small: null, medium: null, is_cover: !hasCover && i === 0, position: images.length + i };
      });
      property.images = [...images, ...added];
    } else if (req.method === 'PUT' && imageId === undefined) {
      const { order, cover } = req.json as { order: number[]; cover: number | null };
      property.images = order.map((id, position) => ({ ...images.find((image) => image.id === id)!, position, is_cover: id === cover }));
    } else if (req.method === 'DELETE' && imageId !== undefined) {
      const gone = images.find((image) => String(image.id) === imageId);
      if (!gone) return send(res, 404, { status: 'Error', message: 'Not found' });
      const rest = images.filter((image) => image !== gone);
      if (gone.is_cover && rest[0]) rest[0] = { ...rest[0], is_cover: true };
      property.images = rest;
    } else return send(res, 404, { status: 'Error', message: 'Not found' });
    this.syncCover(property);
    send(res, 200, { status: 'Success', data: property });
  }

  /** Fixes every listed property's rank (its place in the list when first listed), so deletes move none. */
  private freezeRanks(): void {
    this.properties.forEach((property, at) => {
      if (!this.ranks.has(String(property.id))) this.ranks.set(String(property.id), 5_000 - at);
    });
  }

  private rankOf(property: Property): number {
    return this.ranks.get(String(property.id))!;
  }

  /** Adds a property as the newest, as another person adding one while the grid is open would. */
  addNewest(property: Property): void {
    this.freezeRanks();
    this.properties.unshift(property);
    this.ranks.set(String(property.id), this.nextRank++);
  }

  protected override route(req: Seen, res: ServerResponse): void {
    const path = req.path.replace(/^\/api\/v1/, '');
    if (this.appointments.route(req, path, res)) return;
    // What the form's lead search reads (the calendar's API): the statuses, then All Contacts.
    if (req.method === 'GET' && path === '/workflow/list') return send(res, 200, { status: 'Success', data: [{ id: 1, name: 'All Contacts' }] });
    if (req.method === 'GET' && path === '/leads/list/workflow/1') {
      const data = [{ id: 11, name: 'Asha Verma', first_name: 'Asha', last_name: 'Verma' }];
      return send(res, 200, { status: 'Success', data: { data, total: data.length } });
    }
    const m = /^\/properties\/([^/]+)$/.exec(path);
    const find = (id: string) => this.properties.find((p) => String(p.id) === id);
    const images = /^\/properties\/([^/]+)\/images(?:\/([^/]+))?$/.exec(path);
    if (images) {
      const property = find(decodeURIComponent(images[1]!));
      if (!property) return send(res, 404, { status: 'Error', message: 'Not found' });
      return this.gallery(req, res, property, images[2]);
    }
    const leads = /^\/properties\/([^/]+)\/leads$/.exec(path);
    if (leads && req.method === 'GET') {
      if (!find(decodeURIComponent(leads[1]!))) return send(res, 404, { status: 'Error', message: 'Not found' });
      return send(res, 200, { status: 'Success', ...this.leads });
    }
    if (req.method === 'GET' && path === '/properties') {
      const page = Number(req.query.get('page') ?? 1);
      const limit = Number(req.query.get('limit') ?? 12);
      const search = (req.query.get('search') ?? '').toLowerCase();
      const type = req.query.get('type');
      const status = req.query.get('status');
      const rows = this.properties.filter(
        (p) => (!search || String(p.title).toLowerCase().includes(search)) && (!type || p.property_type === type) && (!status || p.status === status),
      );
      if (!this.cursors) return send(res, 200, { status: 'Success', data: rows.slice((page - 1) * limit, page * limit), total: rows.length });
      this.freezeRanks();
      const cursor = req.query.get('cursor');
      const after = cursor ? Number(/^r(\d+)$/.exec(cursor)?.[1] ?? Number.NaN) : null;
      if (Number.isNaN(after)) return send(res, 422, { status: 'Error', message: 'bad cursor', errors: { cursor: ['bad cursor'] } });
      const from = after === null ? (page - 1) * limit : rows.findIndex((p) => this.rankOf(p) < after);
      const data = from < 0 ? [] : rows.slice(from, from + limit);
      const more = from >= 0 && from + limit < rows.length;
      const next = more ? `r${this.rankOf(data[data.length - 1]!)}` : null;
      return send(res, 200, { status: 'Success', data, total: rows.length, next_cursor: next });
    }
    if (req.method === 'POST' && path === '/properties') {
      const id = this.nextId++;
      const title = /name="title"\r\n\r\n([^\r]*)/.exec(req.body)?.[1] ?? null;
      this.addNewest({ id, title } as Property);
      return send(res, 201, { status: 'Success', message: 'Property created' });
    }
    if (m) {
      const property = find(decodeURIComponent(m[1]!));
      if (!property) return send(res, 404, { status: 'Error', message: 'Property not found' });
      if (req.method === 'GET') return send(res, 200, { status: 'Success', data: property });
      if (req.method === 'PUT') {
        Object.assign(property, req.json as object);
        return send(res, 200, { status: 'Success', data: property });
      }
      if (req.method === 'DELETE') {
        this.properties = this.properties.filter((p) => p !== property);
        return send(res, 200, { status: 'Success' });
      }
    }
    send(res, 404, { status: 'Error', message: 'Not found' });
  }
}
