/**
 * A camera-sized photo for upload benchmarks, made here (no network, no files in the repository):
 * 4000 × 3000 pixels (12 MP, a phone camera's size) of a sky-to-ground gradient with a few shapes
 * and sensor-like noise, as a baseline JPEG whose quality is searched so the file comes out at
 * `targetBytes` (default 5 MB, within 4 %). Noise, not flat colour, because flat colour would
 * compress to a few hundred kilobytes and spare the decoder and the encoders the work a real photo
 * makes; deterministic (seeded noise), so every run uploads the same bytes.
 */
import sharp from 'sharp';

const WIDTH = 4000;
const HEIGHT = 3000;

/** Raw RGB pixels: gradient, a sun, a house-like block, and ±amplitude noise from a fixed seed. */
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
      const n = noise();
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
  const raw = pixels(18);
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
