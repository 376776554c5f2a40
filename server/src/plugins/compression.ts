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
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
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

/** The encodings answers are sent in, by preference. */
export const ANSWER_ENCODINGS = ['br', 'gzip'] as const;
export type AnswerEncoding = (typeof ANSWER_ENCODINGS)[number];

const BROTLI_OPTIONS = {
  params: {
    [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
    [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
    [constants.BROTLI_PARAM_LGWIN]: BROTLI_WINDOW_BITS,
  },
};

/**
 * The encoding the plugin would send an answer of `bytes` in, for an answer compressed ahead and
 * kept (the calendar's range answers, modules/appointments/rangeAnswers.ts), which the plugin
 * then leaves alone because it carries a Content-Encoding: null for none. The same decision as
 * @fastify/compress's: off with COMPRESS=off, below the threshold, with `x-no-compression`, or
 * when Accept-Encoding names neither encoding (its `*` and `x-gzip` read as gzip), with the
 * same negotiator. test/appointments-range-cache.test.ts holds both to the same headers.
 */
export function answerEncoding(app: FastifyInstance, request: FastifyRequest, bytes: number): AnswerEncoding | null {
  if (!app.config.compressAnswers || bytes < COMPRESS_THRESHOLD || request.headers['x-no-compression'] !== undefined) return null;
  const header = request.headers['accept-encoding'];
  if (header == null) return null;
  const chosen = negotiate(header.toLowerCase().replace(/\*|x-gzip/gu, 'gzip'), [...ANSWER_ENCODINGS]) as string | null;
  return chosen === 'br' || chosen === 'gzip' ? chosen : null;
}

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** `payload` as the plugin would compress it, on libuv's thread pool (the plugin's stream path). */
export const compressAnswer = (payload: Buffer, encoding: AnswerEncoding): Promise<Buffer> =>
  encoding === 'br' ? brotliAsync(payload, BROTLI_OPTIONS) : gzipAsync(payload);

/** Adds `accept-encoding` to the reply's Vary, as the plugin does beside a Content-Encoding. */
export function varyOnEncoding(reply: FastifyReply): void {
  const vary = reply.getHeader('vary');
  if (vary === undefined) {
    reply.header('vary', 'accept-encoding');
    return;
  }
  const values = (Array.isArray(vary) ? vary : [vary]).map(String);
  if (!values.some((v) => v.includes('accept-encoding'))) reply.header('vary', [...values, 'accept-encoding'].join(', '));
}

async function compressionPlugin(app: FastifyInstance): Promise<void> {
  if (!app.config.compressAnswers) return;
  await app.register(fastifyCompress, {
    globalDecompression: false,
    threshold: COMPRESS_THRESHOLD,
    syncThreshold: COMPRESS_IN_THREAD_MAX,
    encodings: [...ANSWER_ENCODINGS],
    brotliOptions: BROTLI_OPTIONS,
  });
}

export default fp(compressionPlugin, { name: 'compression' });
