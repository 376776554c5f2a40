/**
 * The walk's property: created with two generated photos, found in the list, read, edited, its
 * gallery grown, reordered and trimmed, checked hidden from another company, and deleted. Only
 * the property it created is touched; without property-delete nothing is created. `during` runs
 * while the property exists (given its id, or nothing when there is none): the leads part, whose
 * imported leads are looked for among the property's matching leads.
 */
import { tinyPng } from './png';
import { checkPaging, pick, type Walk } from './walk';

const photo = (rgb: readonly [number, number, number]) => new Blob([tinyPng(16, rgb)], { type: 'image/png' });
const imageIds = (answer: unknown): string[] | null => {
  const images = pick(answer, 'data', 'images');
  return Array.isArray(images) ? [...images].sort((a, b) => Number(pick(a, 'position')) - Number(pick(b, 'position'))).map((image) => String(pick(image, 'id'))) : null;
};

export async function propertyLife(walk: Walk, marker: string, during: (id?: number | string) => Promise<void>): Promise<void> {
  const list = await walk.check('GET', '/properties', '/properties?page=1&limit=12', 200);
  const first = (pick(list?.body, 'data') as Array<{ id: number | string }> | undefined)?.[0];
  if (first) await walk.check('GET', '/properties/:id', `/properties/${first.id}`, 200);
  await checkPaging(walk, 'GET /properties', 2, async (n) => {
    const page = await walk.check('GET', '/properties', `/properties?page=${n}&limit=2`, 200, undefined, undefined, `GET /properties page ${n} of 2`);
    return page ? { items: (pick(page.body, 'data') as unknown[]) ?? [], total: pick(page.body, 'total') } : null;
  });
  await walk.check('GET', '/properties/:id', '/properties/999999999', 404, undefined, undefined, 'GET /properties/:id of no property (404)');
  if (!walk.can('property-create') || !walk.can('property-delete')) {
    walk.skip('the property\u2019s life (create … delete)', 'the account may not create and delete properties, and the walk creates nothing it cannot remove');
    await during();
    return;
  }

  const form = new FormData();
  form.append('title', `Conformance ${marker}`);
  form.append('property_type', 'Apartment');
  form.append('location', 'Pune');
  form.append('price', '7500000');
  form.append('bedrooms', '2');
  form.append('property_cover_image', photo([40, 120, 200]), 'cover.png');
  form.append('property_other_images[]', photo([200, 120, 40]), 'other.png');
  const created = await walk.check('POST', '/properties', '/properties', 201, form, undefined, 'POST /properties (multipart, two photos)');
  let id = pick(created?.body, 'data', 'id') as number | string | undefined;
  if (created && id === undefined) {
    // The answer may carry only a message: find the property by its unique title.
    const found = await walk.call('GET', `/properties?search=${encodeURIComponent(marker)}&limit=12`);
    id = (pick(found.body, 'data') as Array<{ id: number | string; title?: string }> | undefined)?.find((p) => p.title?.includes(marker))?.id;
  }
  if (id === undefined) {
    await during();
    return;
  }
  try {
    const listed = await walk.check('GET', '/properties', `/properties?search=${encodeURIComponent(marker)}&limit=12`, 200, undefined, undefined, 'GET /properties searched for the new one');
    const rows = (pick(listed?.body, 'data') as Array<{ id: number | string }> | undefined) ?? [];
    if (listed) walk.judge('GET /properties lists the new property', rows.some((p) => String(p.id) === String(id)) ? null : `property ${id} is not in data`);
    const read = await walk.check('GET', '/properties/:id', `/properties/${id}`, 200, undefined, undefined, 'GET /properties/:id of the new one');
    if (read) walk.judge('GET /properties/:id of the new one: data.title', pick(read.body, 'data', 'title') === `Conformance ${marker}` ? null : `data.title is ${JSON.stringify(pick(read.body, 'data', 'title'))}`);

    if (walk.can('property-edit')) {
      const version = pick(read?.body, 'data', 'version');
      const edited = await walk.check('PUT', '/properties/:id', `/properties/${id}`, 200, { title: `Conformance ${marker} edited`, price: 8000000, ...(version === undefined ? {} : { version }) });
      if (edited) walk.judge('PUT /properties/:id answers the edit in data', pick(edited.body, 'data', 'title') === `Conformance ${marker} edited` ? null : `data.title is ${JSON.stringify(pick(edited.body, 'data', 'title'))}`);
      if (version === undefined) walk.skip('PUT /properties/:id with a stale version (409)', 'the server sends no property version, so it keeps no lost-update guard for properties');
      else await walk.check('PUT', '/properties/:id', `/properties/${id}`, 409, { title: 'stale', version }, undefined, 'PUT /properties/:id with a stale version (409)');

      const more = new FormData();
      more.append('images[]', photo([40, 200, 120]), 'more.png');
      const grown = await walk.check('POST', '/properties/:id/images', `/properties/${id}/images`, 200, more);
      const ids = imageIds(grown?.body);
      if (grown && ids === null) walk.skip('PUT /properties/:id/images', 'the server answers no data.images, so there is no gallery to order');
      else if (ids) {
        walk.judge('POST /properties/:id/images: data.images has three photos', ids.length === 3 ? null : `data.images has ${ids.length}`);
        const order = [...ids].reverse();
        const ordered = await walk.check('PUT', '/properties/:id/images', `/properties/${id}/images`, 200, { order: order.map(Number), cover: Number(order[0]) });
        if (ordered) walk.judge('PUT /properties/:id/images: data.images in the new order', JSON.stringify(imageIds(ordered.body)) === JSON.stringify(order) ? null : `order ${JSON.stringify(imageIds(ordered.body))}, sent ${JSON.stringify(order)}`);
        const trimmed = await walk.check('DELETE', '/properties/:id/images/:imageId', `/properties/${id}/images/${order[2]}`, 200);
        if (trimmed) walk.judge('DELETE /properties/:id/images/:imageId: that photo gone', imageIds(trimmed.body)?.includes(order[2]!) === false ? null : `photo ${order[2]} is still in data.images`);
      }
    }
    if (walk.otherToken) {
      await walk.check('GET', '/properties/:id', `/properties/${id}`, 404, undefined, walk.otherToken, 'GET /properties/:id of another company (404)');
      await walk.check('PUT', '/properties/:id', `/properties/${id}`, 404, { title: 'not yours' }, walk.otherToken, 'PUT /properties/:id of another company (404)');
    }
    await during(id);
  } finally {
    const removed = await walk.check('DELETE', '/properties/:id', `/properties/${id}`, 200);
    if (!removed) walk.judge('clean-up', `property ${id} (${marker}) may still be there: delete it by hand`);
    else await walk.check('GET', '/properties/:id', `/properties/${id}`, 404, undefined, undefined, 'GET /properties/:id after its delete (404)');
  }
}
