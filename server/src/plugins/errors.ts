/**
 * The one error handler: every failure becomes `{ status: "Error", message, errors? }` with a 4xx/5xx
 * status, and no stack trace or internal text ever reaches the client. Also owns JSON parsing
 * (malformed → 400, `__proto__`/`constructor.prototype` keys → 400) and the 404 answer.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { API_PREFIX, ERROR, MESSAGES } from '@contract';
import { JSON_TYPE } from '../lib/answers';
import { HttpError } from '../lib/http-error';
import { appHashFor } from '../lib/typedUrl';

const G = MESSAGES.generic;

/** True when parsed JSON carries a key that could poison prototypes if merged carelessly later, or a NUL character. */
function hasPoisonedKey(root: unknown): boolean {
  const stack: unknown[] = [root];
  while (stack.length) {
    const value = stack.pop();
    // A NUL character in any text: no field takes one, and PostgreSQL refuses it in a text value
    // (the query itself fails), so it is refused here for every call at once.
    if (typeof value === 'string' && value.includes('\u0000')) return true;
    if (typeof value !== 'object' || value === null) continue;
    for (const key of Object.keys(value)) {
      if (key === '__proto__' || key.includes('\u0000')) return true;
      const child = (value as Record<string, unknown>)[key];
      if (key === 'constructor' && typeof child === 'object' && child !== null && 'prototype' in child) return true;
      stack.push(child);
    }
  }
  return false;
}

function answerFor(error: FastifyError | HttpError): { status: number; message: HttpError['answerMessage']; errors?: Record<string, string[]> } {
  if (error instanceof HttpError) return { status: error.statusCode, message: error.answerMessage, errors: error.errors };
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return { status: 400, message: G.malformedJson };
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return { status: 413, message: G.payloadTooLarge };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return { status: 415, message: G.unsupportedMediaType };
  }
  const status = error.statusCode ?? 500;
  if (status === 404) return { status, message: G.notFound };
  if (status === 413) return { status, message: G.payloadTooLarge };
  if (status === 429) return { status, message: G.tooManyRequests };
  if (status >= 400 && status < 500) return { status, message: G.invalidInput };
  return { status: status >= 500 && status < 600 ? status : 500, message: G.serverError };
}

async function errorsPlugin(app: FastifyInstance): Promise<void> {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    // The product's client sends a JSON content type on every call, even those without a payload (resend
    // invite, sign-out): an empty body is no body, and the route decides whether it needs one.
    if (!text.trim()) return done(null, undefined);
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      return done(new HttpError(400, G.malformedJson), undefined);
    }
    if (hasPoisonedKey(value)) return done(new HttpError(400, G.invalidInput), undefined);
    done(null, value);
  });

  app.setErrorHandler((error: FastifyError | HttpError, request: FastifyRequest, reply: FastifyReply) => {
    const answer = answerFor(error);
    if (answer.status >= 500) request.log.error({ err: error }, 'request failed');
    else request.log.info({ status: answer.status, code: (error as FastifyError).code }, error.message);
    if (error instanceof HttpError && error.headers) reply.headers(error.headers);
    // Sent here rather than returned: @fastify/static calls this handler directly for its own
    // errors (416, 412, 403) and ignores a returned payload, which left those requests unanswered.
    return reply
      .code(answer.status)
      .type(JSON_TYPE)
      .send({ status: ERROR, message: answer.message, ...(answer.errors ? { errors: answer.errors } : {}) });
  });

  // The server's own prefixes answer 404 as JSON; other page paths are the app's typed URLs.
  const ownPrefixes = [`${API_PREFIX}/`, '/embed/', '/examples/', '/chunks/', '/mailbox', app.config.imagePrefix].filter((p) =>
    p.startsWith('/'),
  );
  app.setNotFoundHandler((request, reply) => {
    const appHash = request.method === 'GET' || request.method === 'HEAD' ? appHashFor(request.url, ownPrefixes) : null;
    if (appHash) return reply.redirect(appHash, 302);
    reply.code(404).type(JSON_TYPE);
    return { status: ERROR, message: G.notFound };
  });
}

export default fp(errorsPlugin, { name: 'errors' });
