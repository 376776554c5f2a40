/**
 * The demo properties' photos, drawn here (no network): simple coloured illustrations of a house,
 * a villa, an apartment block and a plot, composed as SVG and rendered by sharp, each as a JPEG
 * original and the two WebP renditions every uploaded photo gets. They are shared by all demo
 * properties (seed.ts references them under `properties/demo/`), drawn into the media store (the
 * data folder or a bucket) when a demo property is first read (the seed runs inside a database
 * transaction and knows no store), and never removed with a property (only a property's own
 * folder is).
 */
import sharp from 'sharp';
import type { MediaStore } from '../lib/media-store';

export const DEMO_PHOTO_FOLDER = 'properties/demo';

interface Palette {
  sky: string;
  ground: string;
  wall: string;
  roof: string;
  accent: string;
}

const PALETTES: Palette[] = [
  { sky: '#bfe3f5', ground: '#7cc47f', wall: '#f4e3c3', roof: '#c0573e', accent: '#3d6fa8' },
  { sky: '#ffd8b0', ground: '#9bc46a', wall: '#ffffff', roof: '#5b6b8c', accent: '#d98c2b' },
];

const W = 960;
const H = 640;

const windows = (x0: number, y0: number, cols: number, rows: number, w: number, h: number, gap: number, color: string) =>
  Array.from({ length: cols * rows }, (_, i) => {
    const x = x0 + (i % cols) * (w + gap);
    const y = y0 + Math.floor(i / cols) * (h + gap);
    return `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="4" fill="${color}" opacity="0.85"/>`;
  }).join('');

const scene = (p: Palette, body: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">` +
  `<rect width="${W}" height="${H}" fill="${p.sky}"/>` +
  `<circle cx="820" cy="110" r="56" fill="#fff3b0"/>` +
  `<rect y="480" width="${W}" height="160" fill="${p.ground}"/>${body}</svg>`;

const DRAWINGS: Record<string, (p: Palette) => string> = {
  house: (p) =>
    scene(
      p,
      `<rect x="300" y="300" width="360" height="200" fill="${p.wall}"/>` +
        `<polygon points="270,310 480,170 690,310" fill="${p.roof}"/>` +
        `<rect x="450" y="390" width="64" height="110" fill="${p.accent}"/>` +
        windows(330, 340, 1, 1, 80, 60, 0, p.accent) +
        windows(560, 340, 1, 1, 80, 60, 0, p.accent),
    ),
  villa: (p) =>
    scene(
      p,
      `<rect x="180" y="280" width="600" height="220" fill="${p.wall}"/>` +
        `<rect x="160" y="260" width="640" height="28" fill="${p.roof}"/>` +
        `<rect x="420" y="200" width="300" height="70" fill="${p.wall}"/>` +
        `<rect x="400" y="186" width="340" height="20" fill="${p.roof}"/>` +
        windows(210, 320, 4, 1, 90, 70, 40, p.accent) +
        `<rect x="100" y="500" width="280" height="40" rx="10" fill="#6cc3e0"/>`,
    ),
  apartment: (p) =>
    scene(
      p,
      `<rect x="260" y="90" width="240" height="410" fill="${p.wall}"/>` +
        `<rect x="520" y="170" width="200" height="330" fill="${p.roof}" opacity="0.8"/>` +
        windows(285, 115, 4, 8, 38, 30, 18, p.accent) +
        windows(540, 195, 3, 6, 40, 32, 20, '#fdf6e3'),
    ),
  plot: (p) =>
    scene(
      p,
      `<polygon points="140,600 300,470 700,470 860,600" fill="#d9c08c"/>` +
        `<polyline points="140,600 300,470 700,470 860,600 140,600" fill="none" stroke="${p.roof}" stroke-width="6" stroke-dasharray="18 12"/>` +
        `<rect x="640" y="380" width="10" height="100" fill="#6b4f2a"/><rect x="600" y="360" width="120" height="50" fill="${p.accent}"/>` +
        `<circle cx="220" cy="430" r="44" fill="#4f9a55"/><rect x="214" y="440" width="12" height="50" fill="#6b4f2a"/>`,
    ),
};

/** The demo photo names: one per drawing and palette, e.g. `house-1`. */
export const DEMO_PHOTOS: readonly string[] = Object.keys(DRAWINGS).flatMap((name) => PALETTES.map((_, i) => `${name}-${i + 1}`));

/** The stored paths of a demo photo (relative to the uploads folder). */
export const demoPhotoPaths = (name: string) => ({
  path: `${DEMO_PHOTO_FOLDER}/${name}.jpg`,
  small: `${DEMO_PHOTO_FOLDER}/${name}-small.webp`,
  medium: `${DEMO_PHOTO_FOLDER}/${name}-medium.webp`,
});

const drawn = new WeakMap<MediaStore, Promise<void>>();

/**
 * Draws the demo photos into the store's properties/demo folder unless they are there already;
 * once per store and process (a failure is tried again next time). The properties service calls
 * it before answering rows that reference them, so the store holds them only where demo
 * properties are read.
 */
export function ensureDemoPhotos(store: MediaStore): Promise<void> {
  let done = drawn.get(store);
  if (!done) {
    done = drawDemoPhotos(store).catch((error: unknown) => {
      drawn.delete(store);
      throw error;
    });
    drawn.set(store, done);
  }
  return done;
}

async function drawDemoPhotos(store: MediaStore): Promise<void> {
  const present = await Promise.all(DEMO_PHOTOS.map((name) => store.exists(demoPhotoPaths(name).medium)));
  if (present.every(Boolean)) return;
  await Promise.all(
    DEMO_PHOTOS.map(async (name) => {
      const [drawing, palette] = name.split('-') as [string, string];
      const svg = Buffer.from(DRAWINGS[drawing]!(PALETTES[Number(palette) - 1]!));
      const pixels = await sharp(svg).flatten().raw().toBuffer({ resolveWithObject: true });
      const raw = () => sharp(pixels.data, { raw: pixels.info });
      const paths = demoPhotoPaths(name);
      const [original, small, medium] = await Promise.all([
        raw().jpeg({ quality: 80 }).toBuffer(),
        raw().resize({ width: 320 }).webp({ quality: 75 }).toBuffer(),
        raw().webp({ quality: 75 }).toBuffer(),
      ]);
      // The medium file last: its presence says this photo is complete.
      await store.put(paths.path, original, 'image/jpeg');
      await store.put(paths.small, small, 'image/webp');
      await store.put(paths.medium, medium, 'image/webp');
    }),
  );
}
