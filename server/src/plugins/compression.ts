/**
 * Answers built per request — the API's JSON, CSV exports and the HTML pages (each carries its own
 * CSP nonce, so it cannot be compressed ahead) — go out as brotli or gzip when the browser accepts
 * it and they reach 1 KB. Built files already have their brotli and gzip copies on disk
 * (scripts/precompress.mjs) and are sent as they are: an answer that has a Content-Encoding is
 * left alone. Measured costs and the choice of level: docs/decisions/0012-compression-and-caching.md.
 *
 * Request bodies are never decompressed: the widgets do not send compressed bodies, and a
 * decompressed body would pass the body caps and the upload limits at its compressed size.
 *
 * COMPRESS=off turns it off, for a proxy in front that compresses (docs/deploy.md).
 */
import { constants } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Below this an answer fits one packet either way; compressing it only costs time. */
export const COMPRESS_THRESHOLD = 1024;

/**
 * Answers up to this size are compressed in one call on the request's thread (brotli: about
 * 0.1 ms for 20 KB); larger ones through a zlib stream, which runs on libuv's thread pool, so a
 * 1,000-row search (~170 KB, about 1.2 ms of brotli) does not hold the other requests. The
 * plugin's own default on two cores is 8 KB, where the stream's set-up costs more than the
 * compression (0.7 against 0.2 ms of CPU for a 50-row leads page).
 */
export const COMPRESS_IN_THREAD_MAX = 64 * 1024;

/**
 * Brotli at quality 4: a 1,000-row search (173 KB) becomes 20.9 KB for 1.2 ms of CPU; quality 5
 * saves 8% more for 66% more CPU, gzip at its default level gives 22.2 KB for 1.7 ms.
 */
export const BROTLI_QUALITY = 4;

/**
 * A 256 KB window instead of brotli's default 4 MB: the encoder's buffers grow with it, and with
 * `npm start`'s MALLOC_MMAP_THRESHOLD_ (docs/decisions/0005-glibc-malloc-settings.md) each
 * answer's encoder is mapped and unmapped afresh, so their size is paid on every answer (a 9 KB
 * answer in-process under that setting: 0.23 ms at the default window, 0.18 ms at this one, the
 * same 220 bytes out; 0.05 ms without the setting). Answers are smaller than either window.
 */
export const BROTLI_WINDOW_BITS = 18;

async function compressionPlugin(app: FastifyInstance): Promise<void> {
  if (!app.config.compressAnswers) return;
  await app.register(fastifyCompress, {
    globalDecompression: false,
    threshold: COMPRESS_THRESHOLD,
    syncThreshold: COMPRESS_IN_THREAD_MAX,
    encodings: ['br', 'gzip'],
    brotliOptions: {
      params: {
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
        [constants.BROTLI_PARAM_LGWIN]: BROTLI_WINDOW_BITS,
      },
    },
  });
}

export default fp(compressionPlugin, { name: 'compression' });
