/**
 * The statement of one grid page, answering the page as JSON text, ready to send: each property
 * exactly as mapper.ts `toProperty` answers it (test: "lists each property exactly as its GET
 * answers it"), with its photos, and beside it the company's kept total (property_counts), the
 * order key of the page's last card, and whether more follow — one round trip. Four ways to find
 * the page, newest first (created_at, id): the first one, after OFFSET rows (page numbers), after
 * a card's order key (cursor paging, cursor.ts: page 5,000 costs what page 1 does), or the ids
 * the listings in memory chose (listings.ts), in their order, without a total.
 *
 * Why the database writes the JSON: on PostgreSQL, reading the page's rows into objects, mapping
 * them and serialising them again was about a third of a list request's time in the server's one
 * thread, which is what runs out first at 1,000 requests a second; PostgreSQL writes it in its
 * own processes for less than that (docs/performance.md). SQLite writes it in C.
 *
 * Why the page size is written into the text rather than bound: PostgreSQL runs these as named
 * statements (db/prepared.ts), planned once per connection on one generic plan for every value
 * (plan_cache_mode, db/connect.ts). With the limit unknown that plan is made for a tenth of the
 * company's rows (a merge join over the primary key: 137 ms for page 1); with LIMIT 13 written in,
 * it is the index walk of 13 entries. Each size is its own text: the grid asks for one size, and
 * the few texts are kept in a small map; only the grid's own size is named.
 */
import type { Kysely } from 'kysely';
import { PROPERTY_PAGE_SIZE } from '@contract';
import { DEMO_PHOTO_FOLDER } from '../../db/demo-photos';
import { isPostgres } from '../../db/dialect';
import { namedStatement } from '../../db/prepared';
import type { Database } from '../../db/schema';

/** How the page's rows are found. */
export type PageSource = 'first' | 'offset' | 'after' | 'ids';

/** The statement's one row. */
export interface PageJsonRow {
  /** The page's properties as JSON objects joined by commas (no brackets); '' for none. */
  data: string;
  /** Rows found, one more than the page when more follow (not for `ids`). */
  found: number | string;
  /** The last card's order key, when the page is full. */
  order_time: string | null;
  last_id: number | null;
  /** Whether a photo on the page is one of the shared demo drawings (they are drawn on first use). */
  demo: boolean | number | null;
  /** The company's kept total and its grid's changes (firstPages.ts), null without a count row (not for `ids`). */
  total?: number | string | null;
  changes?: number | string | null;
}

/** Texts kept per engine, source and size; more distinct page sizes than this are rebuilt. */
const MAX_TEXTS = 64;
const texts = new Map<string, string>();

const DEMO = `'${DEMO_PHOTO_FOLDER}/%'`;

/**
 * A stored key as lib/media-store `mediaUrl` gives it: under a prefix that is a URL of its own
 * (`prefix`, '' otherwise) the prefix and the key, unless the key is a URL or a path already.
 */
const pgUrl = (column: string) =>
  `CASE WHEN $2 = '' OR ${column} IS NULL OR ${column} ~* '^([a-z][a-z0-9+.-]*:|//)' OR left(${column}, 1) = '/' THEN ${column} ELSE $2 || ${column} END`;
const sqliteUrl = (column: string) =>
  `CASE WHEN conf.prefix = '' OR ${column} IS NULL OR ${column} GLOB '//*' OR ${column} GLOB '/*'
    OR (${column} GLOB '[a-zA-Z]*:*' AND substr(${column}, 1, instr(${column}, ':') - 1) NOT GLOB '*[^a-zA-Z0-9+.-]*')
    THEN ${column} ELSE conf.prefix || ${column} END`;

/** SQL of a property's photo fields: its cover's three paths, the other photos' paths, the gallery. */
interface PhotoFields {
  cover: string;
  coverSmall: string;
  coverMedium: string;
  others: string;
  images: string;
}

/** The key-value list of a property as `toProperty` answers it, from its row `p` and its photos. */
function propertyObject(photos: PhotoFields, iso: (column: string) => string): string {
  const fields: Array<[string, string]> = [
    ['id', 'p.id'],
    ['title', 'p.title'],
    ['description', 'p.description'],
    ['property_type', 'p.property_type'],
    ['location', 'p.location'],
    ['address', 'p.address'],
    ['price', 'p.price'],
    ['bedrooms', 'p.bedrooms'],
    ['bathrooms', 'p.bathrooms'],
    ['square_footage', 'p.square_footage'],
    ['lot_size', 'p.lot_size'],
    ['year_built', 'p.year_built'],
    ['property_cover_image', photos.cover],
    ['property_cover_image_small', photos.coverSmall],
    ['property_cover_image_medium', photos.coverMedium],
    ['property_other_images', photos.others],
    ['features', 'p.features'],
    ['status', 'p.status'],
    ['area_units', 'p.area_units'],
    ['square_yards', 'p.square_yards'],
    ['registration_number', 'p.registration_number'],
    ['certificates', 'p.certificates'],
    ['images', photos.images],
    ['created_by', 'p.created_by'],
    ['created_at', iso('p.created_at')],
    ['updated_at', iso('p.updated_at')],
  ];
  return fields.map(([name, value]) => `'${name}', ${value}`).join(', ');
}

/**
 * PostgreSQL: $1 the company, $2 the media prefix ('' under a path prefix); `offset` $3 the rows
 * skipped, `after` $3 the key's time and $4 its id, `ids` $3 the ids (an int array). The order
 * key's time as text keeps its microseconds, so a cursor resumes exactly where the page ended.
 */
function postgresText(source: PageSource, size: number): string {
  const after = source === 'after' ? ' AND (x.created_at, x.id) < ($3::timestamptz, $4::int)' : '';
  const offset = source === 'offset' ? ' OFFSET $3::int' : '';
  // The ids from the newest-first index alone (covering: rows OFFSET skips are never read), then
  // each one's row; LATERAL … LIMIT 1 keeps the join a walk of the page's ids in every plan.
  const ids =
    source === 'ids'
      ? 'SELECT s.id, s.n FROM unnest($3::int[]) WITH ORDINALITY AS s(id, n)'
      : `SELECT x.id, row_number() OVER (ORDER BY x.created_at DESC, x.id DESC) AS n FROM (SELECT x.id, x.created_at FROM properties x
          WHERE x.company_id = $1${after} ORDER BY x.created_at DESC, x.id DESC LIMIT ${size + 1}${offset}) x`;
  const iso = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
  const url = pgUrl;
  const object = propertyObject(
    { cover: url('g.cover'), coverSmall: url('g.cover_small'), coverMedium: url('g.cover_medium'), others: `coalesce(g.others, '[]'::json)`, images: `coalesce(g.images, '[]'::json)` },
    iso,
  );
  const total =
    source === 'ids'
      ? ''
      : ', (SELECT c.n FROM property_counts c WHERE c.company_id = $1) AS total, (SELECT c.changes FROM property_counts c WHERE c.company_id = $1) AS changes';
  return `WITH s AS (${ids}),
  p AS (SELECT s.n, p.* FROM s CROSS JOIN LATERAL (SELECT * FROM properties p WHERE p.id = s.id AND p.company_id = $1 LIMIT 1) p),
  g AS (
    SELECT i.property_id,
      json_agg(json_build_object('id', i.id, 'path', ${url('i.path')}, 'small', ${url('i.small_path')}, 'medium', ${url('i.medium_path')},
        'is_cover', i.is_cover = 1, 'position', i.position) ORDER BY i.position, i.id) AS images,
      min(i.path) FILTER (WHERE i.cover) AS cover, min(i.small_path) FILTER (WHERE i.cover) AS cover_small,
      min(i.medium_path) FILTER (WHERE i.cover) AS cover_medium,
      json_agg(${url('i.path')} ORDER BY i.position, i.id) FILTER (WHERE NOT i.cover) AS others,
      bool_or(i.path LIKE ${DEMO}) AS demo
    FROM (SELECT i.*, i.is_cover = 1 AND row_number() OVER (PARTITION BY i.property_id, i.is_cover = 1 ORDER BY i.position, i.id) = 1 AS cover
          FROM property_images i WHERE i.company_id = $1 AND i.property_id IN (SELECT s.id FROM s)) i
    GROUP BY i.property_id)
  SELECT coalesce(string_agg(json_build_object(${object})::text, ',' ORDER BY p.n) FILTER (WHERE p.n <= ${size}), '') AS data,
    count(*) AS found, max(p.created_at::text) FILTER (WHERE p.n = ${size}) AS order_time, max(p.id) FILTER (WHERE p.n = ${size}) AS last_id,
    bool_or(g.demo) FILTER (WHERE p.n <= ${size}) AS demo${total}
  FROM p LEFT JOIN g ON g.property_id = p.id`;
}

/**
 * SQLite, parameters in order of appearance: the company twice (total and changes, not for `ids`), the media
 * prefix, then `ids` the ids as JSON text and the company, or the company and the rows skipped
 * (`offset`) or the key's time and id (`after`). Each property's photos are small subqueries on
 * its photos' index: in SQLite that is half the time of grouping the page's photos first.
 */
function sqliteText(source: PageSource, size: number): string {
  const after = source === 'after' ? ' AND (x.created_at, x.id) < (?, ?)' : '';
  const offset = source === 'offset' ? ' OFFSET ?' : '';
  const ids =
    source === 'ids'
      ? 'SELECT CAST(s.value AS INTEGER) AS id, s.key + 1 AS n FROM json_each(?) s'
      : `SELECT x.id, row_number() OVER (ORDER BY x.created_at DESC, x.id DESC) AS n FROM (SELECT x.id, x.created_at FROM properties x
          WHERE x.company_id = ?${after} ORDER BY x.created_at DESC, x.id DESC LIMIT ${size + 1}${offset}) x`;
  const company = source === 'ids' ? ' AND p.company_id = ?' : '';
  const photos = 'WHERE i.property_id = p.id AND i.company_id = p.company_id';
  const others = `(SELECT json_group_array(${sqliteUrl('i.path')}) FROM (SELECT i.path FROM property_images i ${photos} AND i.id IS NOT g.id ORDER BY i.position, i.id) i)`;
  const images = `(SELECT json_group_array(json_object('id', i.id, 'path', ${sqliteUrl('i.path')}, 'small', ${sqliteUrl('i.small_path')},
    'medium', ${sqliteUrl('i.medium_path')}, 'is_cover', json(iif(i.is_cover = 1, 'true', 'false')), 'position', i.position))
    FROM (SELECT * FROM property_images i ${photos} ORDER BY i.position, i.id) i)`;
  const coverId = `(SELECT i.id FROM property_images i ${photos} AND i.is_cover = 1 ORDER BY i.position, i.id LIMIT 1)`;
  const cover = { cover: sqliteUrl('g.path'), coverSmall: sqliteUrl('g.small_path'), coverMedium: sqliteUrl('g.medium_path') };
  const object = propertyObject({ ...cover, others, images }, (column) => column);
  const total =
    source === 'ids'
      ? ''
      : ', (SELECT c.n FROM property_counts c WHERE c.company_id = ?) AS total, (SELECT c.changes FROM property_counts c WHERE c.company_id = ?) AS changes';
  // CROSS JOIN: the page's ids lead, so the joins probe a dozen rows rather than walk the company's.
  // The row past the page only says that more follow: its JSON is not written.
  return `SELECT coalesce(group_concat(j, ',' ORDER BY n) FILTER (WHERE n <= ${size}), '') AS data, count(*) AS found,
    max(created_at) FILTER (WHERE n = ${size}) AS order_time, max(id) FILTER (WHERE n = ${size}) AS last_id,
    max(instr(j, '${DEMO_PHOTO_FOLDER}/') > 0) AS demo${total}
  FROM (SELECT s.n, p.id, p.created_at, CASE WHEN s.n <= ${size} THEN json_object(${object}) END AS j
    FROM (SELECT ? AS prefix) conf CROSS JOIN (${ids}) s CROSS JOIN properties p ON p.id = s.id${company}
    LEFT JOIN property_images g ON g.id = ${coverId})`;
}

/** The statement's text for `db`'s engine; `size` cards at most. */
export function pageText(db: Kysely<Database>, source: PageSource, size: number): string {
  const engine = isPostgres(db) ? 'postgres' : 'sqlite';
  const key = `${engine}:${source}:${size}`;
  let text = texts.get(key);
  if (!text) {
    text = engine === 'postgres' ? postgresText(source, size) : sqliteText(source, size);
    // Named: parsed and planned once per connection instead of on every call (0.4 ms each).
    if (engine === 'postgres' && size === PROPERTY_PAGE_SIZE) text = namedStatement(text);
    if (texts.size >= MAX_TEXTS) texts.delete(texts.keys().next().value as string);
    texts.set(key, text);
  }
  return text;
}
