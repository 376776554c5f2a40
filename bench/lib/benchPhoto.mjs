/**
 * A camera-sized photo for upload benchmarks, made here (no network, no files in the repository):
 * 4000 × 3000 pixels (12 MP, a phone camera's size) of a sky-to-ground gradient with a few shapes,
 * texture at three scales (40 and 13 px patches, like foliage and brickwork, and per-pixel sensor
 * noise), as a JPEG whose quality is searched so the file comes out at `targetBytes` (default 5 MB,
 * within 4 %). Texture, not flat colour: flat colour would compress to a few hundred kilobytes,
 * spare the decoder and encoders the work a real photo makes, and shrink to renditions of 1-2 KB
 * where a real photo's are 10-30 KB. Deterministic (seeded), so every run uploads the same bytes.
 */
import sharp from 'sharp';

const WIDTH = 4000;
const HEIGHT = 3000;

/** Raw RGB pixels: gradient, a sun, a house-like block, patches and noise from a fixed seed. */
function pixels(amplitude) {
  const data = Buffer.alloc(WIDTH * HEIGHT * 3);
  let seed = 0x2545f491;
  const noise = () => {
    // xorshift32: fast and the same on every run.
    seed ^= seed << 13;
    seed ^= seed >>> 17;
    seed ^= seed << 5;
    return ((seed >>> 0) / 0xffffffff - 0.5) * 2 * amplitude;
  };
  const patches = (size, strength) => {
    const columns = Math.ceil(WIDTH / size);
    const values = Float32Array.from({ length: columns * Math.ceil(HEIGHT / size) }, () => (noise() / amplitude) * strength);
    return (x, y) => values[Math.floor(y / size) * columns + Math.floor(x / size)];
  };
  const coarse = patches(40, 28);
  const fine = patches(13, 18);
  for (let y = 0; y < HEIGHT; y++) {
    const sky = y < HEIGHT * 0.62;
    for (let x = 0; x < WIDTH; x++) {
      let r;
      let g;
      let b;
      if (sky) {
        const t = y / (HEIGHT * 0.62);
        [r, g, b] = [120 + 90 * t, 170 + 60 * t, 235 - 20 * t];
        if ((x - 3200) ** 2 + (y - 500) ** 2 < 260 ** 2) [r, g, b] = [255, 240, 170];
      } else {
        const t = (y - HEIGHT * 0.62) / (HEIGHT * 0.38);
        [r, g, b] = [90 - 30 * t, 150 - 40 * t, 70 - 20 * t];
      }
      if (x > 1100 && x < 2700 && y > 1100 && y < 2300) [r, g, b] = y < 1400 ? [170, 70, 50] : [240, 225, 200];
      const i = (y * WIDTH + x) * 3;
      const n = noise() + coarse(x, y) + fine(x, y);
      data[i] = Math.max(0, Math.min(255, r + n));
      data[i + 1] = Math.max(0, Math.min(255, g + n));
      data[i + 2] = Math.max(0, Math.min(255, b + n));
    }
  }
  return data;
}

/**
 * @param {number} [targetBytes=5 * 1024 * 1024]
 * @returns {Promise<{ bytes: Buffer, width: number, height: number, quality: number }>}
 */
export async function benchPhoto(targetBytes = 5 * 1024 * 1024) {
  const raw = pixels(10);
  const encode = (quality) => sharp(raw, { raw: { width: WIDTH, height: HEIGHT, channels: 3 } }).jpeg({ quality, mozjpeg: false }).toBuffer();
  // JPEG size grows with quality: bisect the quality for the size asked.
  let low = 40;
  let high = 100;
  let best = null;
  while (low <= high) {
    const quality = Math.floor((low + high) / 2);
    const bytes = await encode(quality);
    if (!best || Math.abs(bytes.length - targetBytes) < Math.abs(best.bytes.length - targetBytes)) best = { bytes, quality };
    if (Math.abs(bytes.length - targetBytes) <= targetBytes * 0.04) break;
    if (bytes.length < targetBytes) low = quality + 1;
    else high = quality - 1;
  }
  return { bytes: best.bytes, width: WIDTH, height: HEIGHT, quality: best.quality };
}
