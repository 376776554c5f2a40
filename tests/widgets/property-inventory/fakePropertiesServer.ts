/**
 * A tiny properties API on node:http for the widget tests: list (page, limit, filters), get,
 * create (multipart, recorded raw), update, delete, from an in-memory state; records every request.
 */
import type { ServerResponse } from 'node:http';
import { FakeApiServer, send, type Seen } from '../../support/fakeApiServer';
import type { Property } from '../../../src/contract';

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

export class FakePropertiesServer extends FakeApiServer {
  properties: Property[] = seedProperties();
  private nextId = 1000;

  reset(): void {
    this.properties = seedProperties();
    this.resetRequests();
  }

  protected override route(req: Seen, res: ServerResponse): void {
    const path = req.path.replace(/^\/api\/v1/, '');
    const m = /^\/properties\/([^/]+)$/.exec(path);
    const find = (id: string) => this.properties.find((p) => String(p.id) === id);
    if (req.method === 'GET' && path === '/properties') {
      const page = Number(req.query.get('page') ?? 1);
      const limit = Number(req.query.get('limit') ?? 12);
      const search = (req.query.get('search') ?? '').toLowerCase();
      const type = req.query.get('type');
      const status = req.query.get('status');
      const rows = this.properties.filter(
        (p) => (!search || String(p.title).toLowerCase().includes(search)) && (!type || p.property_type === type) && (!status || p.status === status),
      );
      return send(res, 200, { status: 'Success', data: rows.slice((page - 1) * limit, page * limit), total: rows.length });
    }
    if (req.method === 'POST' && path === '/properties') {
      const id = this.nextId++;
      const title = /name="title"\r\n\r\n([^\r]*)/.exec(req.body)?.[1] ?? null;
      this.properties.unshift({ id, title } as Property);
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
