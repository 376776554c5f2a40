/**
 * The route definition helper: method, url and the contract schemas of its path parameters, query
 * and body. Who may call it is its row in src/route-access.ts, enforced by the auth plugin before
 * anything else runs. The handler gets them typed and already validated, with the caller's user
 * and company:
 *
 * - path parameters go through their parsers (`parseId`: anything but a real id is 404);
 * - query and body go through validate.ts `parse` (422 with `errors: { field: [messages] }`,
 *   unknown fields refused, the route's `ignore` list — fields its GET answers and no call sets —
 *   taken and ignored);
 * - in that order, so a bad id is 404 whatever the body says. Without a schema the handler gets
 *   the raw value (`unknown`), for the one route whose payload decides its rules (PUT /users/{id}).
 *
 * The wrapper adds no await and no promise: it validates, builds one context object and returns
 * what the handler returns (Fastify awaits it), so the leads list keeps its per-request cost.
 *
 * @example
 * // route-access.ts: 'GET /api/v1/leads/:id': needs(P.leadRead),
 * route(app, {
 *   method: 'GET',
 *   url: LEAD_PATHS.one(':id'),
 *   params: { id: parseId },
 *   handler: async ({ params, company }) => success({ data: toLead(await ownLead(app, company, params.id)) }),
 * });
 */
import type { FastifyInstance, FastifyReply, FastifyRequest, HTTPMethods, preHandlerAsyncHookHandler } from 'fastify';
import type * as z from 'zod/mini';
import type { Access, AuthContext } from '../types';
import { companyIdOf } from './company';
import { unauthenticated } from './http-error';
import { parse } from './validate';

type Schema = z.core.$ZodType;

/** A path parameter's parser: its text in, its value out, or a thrown HttpError (ids: 404). */
export type ParamParser<T = unknown> = (text: string) => T;
type ParamParsers = Record<string, ParamParser>;

/** A schema's output, or the raw `unknown` value when the route declares none. */
type Input<S> = S extends Schema ? z.infer<S> : unknown;

export interface RouteContext<P, Q, B> {
  params: P;
  query: Q;
  body: B;
  /**
   * The caller's company (docs/architecture.md, tenancy). Read on a route whose rule does not
   * require one, a caller without a company (the super admin) gets 403 "Company ID not found."
   * here.
   */
  company: number;
  /** The signed-in caller (a public route has none: reading it there answers 401). */
  user: AuthContext['user'];
  /** The caller with its session id and permissions. */
  auth: AuthContext;
  request: FastifyRequest;
  reply: FastifyReply;
}

export interface RouteDefinition<PP extends ParamParsers, QS extends Schema | undefined, BS extends Schema | undefined> {
  method: HTTPMethods | HTTPMethods[];
  url: string;
  /**
   * Not needed: the rule is the route's row in src/route-access.ts. A route that still states one
   * must state that row's rule, or the app refuses to start.
   */
  access?: Access;
  /** A parser per path parameter, e.g. `{ id: parseId }`. */
  params?: PP;
  query?: QS;
  body?: BS;
  /** Body fields taken and ignored rather than refused: what the resource's GET answers and no call sets. */
  ignore?: readonly string[];
  /** Runs before the body is validated (a rate limit's guard). */
  preHandler?: preHandlerAsyncHookHandler;
  logLevel?: 'trace' | 'debug' | 'info' | 'warn' | 'error' | 'fatal' | 'silent';
  handler(context: RouteContext<{ [K in keyof PP]: ReturnType<PP[K]> }, Input<QS>, Input<BS>>): unknown;
}

const NO_PARAMS: Readonly<Record<string, unknown>> = Object.freeze({});

/** Parses the path parameters with their parsers, in one object. */
function paramsReader(parsers: ParamParsers | undefined): (raw: unknown) => Readonly<Record<string, unknown>> {
  const entries = Object.entries(parsers ?? {});
  if (!entries.length) return () => NO_PARAMS;
  return (raw) => {
    const out: Record<string, unknown> = {};
    for (const [name, parser] of entries) out[name] = parser((raw as Record<string, string>)[name] ?? '');
    return out;
  };
}

/** The signed-in caller; the auth plugin has set it on every route that is not public. */
function callerOf(request: FastifyRequest): AuthContext {
  if (!request.auth) throw unauthenticated();
  return request.auth;
}

/** Declares a route on `app` (a plugin's instance: its prefix applies). */
export function route<
  PP extends ParamParsers = Record<never, ParamParser>,
  QS extends Schema | undefined = undefined,
  BS extends Schema | undefined = undefined,
>(app: FastifyInstance, definition: RouteDefinition<PP, QS, BS>): void {
  const { query, body, handler } = definition;
  const readParams = paramsReader(definition.params);
  const bodyOptions = { allowExtra: definition.ignore ?? [] };
  app.route({
    method: definition.method,
    url: definition.url,
    // The schemas ride along in the route's config, so a test can hold them to the operation
    // catalogue the API description is built from (test/openapi.test.ts).
    config: { ...(definition.access ? { access: definition.access } : {}), schemas: { query, body } },
    ...(definition.preHandler ? { preHandler: definition.preHandler } : {}),
    ...(definition.logLevel ? { logLevel: definition.logLevel } : {}),
    handler(request, reply) {
      // The caller and company are read when the handler asks: a public route has neither, and
      // the route's rule (route-access.ts) has already refused whoever lacks what it requires.
      const context = {
        params: readParams(request.params),
        query: query ? parse(query, request.query ?? {}) : request.query,
        body: body ? parse(body, request.body, bodyOptions) : request.body,
        get company() {
          return companyIdOf(callerOf(request).user);
        },
        get user() {
          return callerOf(request).user;
        },
        get auth() {
          return callerOf(request);
        },
        request,
        reply,
      };
      return handler(context as never);
    },
  });
}
