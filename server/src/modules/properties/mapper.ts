/**
 * Properties as the API answers them (docs/product/data.md, contract `Property`): its fields with
 * the cover as `property_cover_image` and the other photos as `property_other_images` (paths under
 * the image prefix), and beyond the original description the cover's WebP renditions and the
 * ordered gallery `images`.
 */
import type { PropertyImageRow, PropertyRow } from '../../db/schema';

export function toPropertyImage(image: PropertyImageRow) {
  return {
    id: image.id,
    path: image.path,
    small: image.small_path,
    medium: image.medium_path,
    is_cover: image.is_cover === 1,
    position: image.position,
  };
}

/**
 * One property; `images` are its photo rows in gallery order. The list writes the same object in
 * SQL (pageQuery.ts `propertyObject`): a field changed here changes there too (test: "lists each
 * property exactly as its GET answers it").
 */
export function toProperty(row: PropertyRow, images: readonly PropertyImageRow[]) {
  const cover = images.find((image) => image.is_cover === 1) ?? null;
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    property_type: row.property_type,
    location: row.location,
    address: row.address,
    price: row.price,
    bedrooms: row.bedrooms,
    bathrooms: row.bathrooms,
    square_footage: row.square_footage,
    lot_size: row.lot_size,
    year_built: row.year_built,
    property_cover_image: cover?.path ?? null,
    property_cover_image_small: cover?.small_path ?? null,
    property_cover_image_medium: cover?.medium_path ?? null,
    property_other_images: images.filter((image) => image !== cover).map((image) => image.path),
    features: row.features,
    status: row.status,
    area_units: row.area_units,
    square_yards: row.square_yards,
    registration_number: row.registration_number,
    certificates: row.certificates,
    images: images.map(toPropertyImage),
    created_by: row.created_by,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}
export type PropertyAnswerBody = ReturnType<typeof toProperty>;

/** Fields of a property's GET answer that no call sets: a PUT takes them and ignores them. */
export const PROPERTY_SERVER_OWNED = [
  'created_by',
  'property_cover_image',
  'property_cover_image_small',
  'property_cover_image_medium',
  'property_other_images',
  'images',
] as const;
