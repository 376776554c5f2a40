/**
 * The demo companies' icon, logo and cover photo, drawn here without network in each company's
 * brand colours: shapes only (no text, so no font is needed), composed as SVG and rendered by sharp,
 * each original with the two WebP renditions every uploaded image gets. Like the demo property
 * photos they are drawn into the media store (the data folder or a bucket) when a demo company is
 * first read (the seed runs in a database transaction and knows no store), and never removed with
 * a company: only a company's own folder is (media.ts).
 */
import sharp from 'sharp';
import { DEMO_COMPANIES, DEMO_COMPANY_MEDIA_FOLDER, demoCompanyMedia } from '../../db/demo-companies';
import type { MediaStore } from '../../lib/media-store';
import { renditionsOf } from './mapper';

interface Brand {
  primary: string;
  secondary: string;
  mark: (fill: string, cut: string) => string;
}

/** Each demo brand's mark, drawn in a 100 × 100 box: `fill` for the shapes, `cut` for windows and waves. */
const MARKS: Record<string, (fill: string, cut: string) => string> = {
  // Three towers with windows: a skyline.
  skyline: (fill, cut) =>
    `<rect x="14" y="40" width="20" height="46" rx="2" fill="${fill}"/>` +
    `<rect x="40" y="14" width="22" height="72" rx="2" fill="${fill}"/>` +
    `<rect x="68" y="30" width="18" height="56" rx="2" fill="${fill}"/>` +
    [22, 36, 50, 64].map((y) => `<rect x="46" y="${y}" width="10" height="6" fill="${cut}"/>`).join('') +
    [48, 62].map((y) => `<rect x="20" y="${y}" width="8" height="6" fill="${cut}"/><rect x="73" y="${y - 8}" width="8" height="6" fill="${cut}"/>`).join('') +
    `<rect x="8" y="86" width="84" height="6" rx="3" fill="${fill}"/>`,
  // A house above two waves: a harbour home.
  harbor: (fill, cut) =>
    `<polygon points="50,10 86,42 78,42 78,70 22,70 22,42 14,42" fill="${fill}"/>` +
    `<rect x="43" y="48" width="14" height="22" fill="${cut}"/>` +
    [76, 88].map((y) => `<path d="M8 ${y} q10.5 -8 21 0 t21 0 t21 0 t21 0" fill="none" stroke="${fill}" stroke-width="5" stroke-linecap="round"/>`).join(''),
};

const DRAWINGS = {
  icon: (b: Brand) =>
    `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256" viewBox="0 0 100 100">` +
    `<rect width="100" height="100" rx="22" fill="${b.primary}"/><g transform="translate(10 8) scale(0.8)">${b.mark('#ffffff', b.primary)}</g></svg>`,
  logo: (b: Brand) =>
    `<svg xmlns="http://www.w3.org/2000/svg" width="512" height="512" viewBox="0 0 100 100">` +
    `<circle cx="50" cy="50" r="47" fill="#ffffff" stroke="${b.secondary}" stroke-width="5"/>` +
    `<g transform="translate(17 15) scale(0.66)">${b.mark(b.primary, '#ffffff')}</g></svg>`,
  cover_photo: (b: Brand) =>
    `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="500" viewBox="0 0 1600 500">` +
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${b.primary}"/>` +
    `<stop offset="1" stop-color="${b.secondary}"/></linearGradient></defs>` +
    `<rect width="1600" height="500" fill="url(#g)"/>` +
    Array.from({ length: 16 }, (_, i) => {
      const height = 120 + ((i * 73) % 200);
      return `<rect x="${i * 100 + 12}" y="${500 - height}" width="76" height="${height}" fill="#ffffff" opacity="${0.12 + (i % 3) * 0.06}"/>`;
    }).join('') +
    `</svg>`,
} as const;

type Slug = keyof typeof DEMO_COMPANIES;
const brandOf = (slug: Slug): Brand => ({
  primary: DEMO_COMPANIES[slug].fields.primary_color_code ?? '#f97316',
  secondary: DEMO_COMPANIES[slug].fields.secondary_color_code ?? '#334155',
  mark: MARKS[slug] ?? MARKS.skyline!,
});

async function drawOne(store: MediaStore, stored: string, svg: string): Promise<void> {
  const { small, medium } = renditionsOf(stored);
  // The medium rendition last: its presence says this image is complete.
  if (await store.exists(medium!)) return;
  const pixels = await sharp(Buffer.from(svg)).raw().toBuffer({ resolveWithObject: true });
  const raw = () => sharp(pixels.data, { raw: pixels.info });
  const original = stored.endsWith('.png') ? raw().png({ compressionLevel: 9 }) : raw().flatten().jpeg({ quality: 82 });
  const [bytes, smallBytes, mediumBytes] = await Promise.all([
    original.toBuffer(),
    raw().resize({ width: 320, withoutEnlargement: true }).webp({ quality: 78 }).toBuffer(),
    raw().resize({ width: 960, withoutEnlargement: true }).webp({ quality: 78 }).toBuffer(),
  ]);
  await store.put(stored, bytes, stored.endsWith('.png') ? 'image/png' : 'image/jpeg');
  await store.put(small!, smallBytes, 'image/webp');
  await store.put(medium!, mediumBytes, 'image/webp');
}

async function drawDemoMedia(store: MediaStore): Promise<void> {
  await Promise.all(
    (Object.keys(DEMO_COMPANIES) as Slug[]).flatMap((slug) => {
      const stored = demoCompanyMedia(slug);
      const brand = brandOf(slug);
      return (Object.keys(DRAWINGS) as Array<keyof typeof DRAWINGS>).map((field) => drawOne(store, stored[field], DRAWINGS[field](brand)));
    }),
  );
}

const drawn = new WeakMap<MediaStore, Promise<void>>();

/** Draws the demo companies' images into the store unless there already; once per store and process (retried after a failure). */
export function ensureDemoCompanyMedia(store: MediaStore): Promise<void> {
  let done = drawn.get(store);
  if (!done) {
    done = drawDemoMedia(store).catch((error: unknown) => {
      drawn.delete(store);
      throw error;
    });
    drawn.set(store, done);
  }
  return done;
}

/** Whether a stored image path is one of the shared demo drawings. */
export const isDemoMedia = (stored: string | null): boolean => stored?.startsWith(`${DEMO_COMPANY_MEDIA_FOLDER}/`) ?? false;
