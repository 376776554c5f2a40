/**
 * The route definition helper: method, url, who may call it (`Access`, enforced by the
 * auth plugin before anything else runs) and the contract schemas of its path parameters, query
 * and body. The handler gets them typed and already validated, with the caller's user and company:
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
 * route(app, {
 *   method: 'GET',
 *   url: LEAD_PATHS.one(':id'),
 *   access: { kind: 'signedIn', company: true },
 *   params: { id: parseId },
 *   handler: async ({ params, company }) => success({ data: toLead(await ownLead(app, company, params.id)) }),
 * });
 */
import type { FastifyInstance, FastifyReply, FastifyRequest, HTTPMethods, preHandlerAsyncHookHandler } from 'fastify';
import type * as z from 'zod/mini';
import type { Access, AuthContext } from '../types';
import { unauthenticated } from './http-error';
import { parse } from './validate';

type Schema = z.core.$ZodType;

/** A path parameter's parser: its text in, its value out, or a thrown HttpError (ids: 404). */
export type ParamParser<T = unknown> = (text: string) => T;
type ParamParsers = Record<string, ParamParser>;

/** A schema's output, or the raw `unknown` value when the route declares none. */
type Input<S> = S extends Schema ? z.infer<S> : unknown;

/** The caller's company id: a number where the access rule requires a company, else maybe none. */
type CompanyOf<A extends Access> = A extends { kind: 'public' }
  ? null
  : A extends { kind: 'permission'; company: false }
    ? number | null
    : A extends { kind: 'permission' } | { kind: 'signedIn'; company: true }
      ? number
      : number | null;

/** The signed-in caller; none on public routes (they never read a token). */
type AuthOf<A extends Access> = A extends { kind: 'public' } ? null : AuthContext;

export interface RouteContext<A extends Access, P, Q, B> {
  params: P;
  query: Q;
  body: B;
  /** The caller's company (DESIGN: tenancy); the auth plugin answered 403 already where one is required. */
  company: CompanyOf<A>;
  user: AuthOf<A> extends null ? null : AuthContext['user'];
  /** The caller with its session id and permissions. */
  auth: AuthOf<A>;
  request: FastifyRequest;
  reply: FastifyReply;
}

export interface RouteDefinition<A extends Access, PP extends ParamParsers, QS extends Schema | undefined, BS extends Schema | undefined> {
  method: HTTPMethods | HTTPMethods[];
  url: string;
  access: A;
  /** A parser per path parameter, e.g. `{ id: parseId }`. */
  params?: PP;
  query?: QS;
  body?: BS;
  /** Body fields taken and ignored rather than refused: what the resource's GET answers and no call sets. */
  ignore?: readonly string[];
  /** Runs before the body is validated (a rate limit's guard). */
  preHandler?: preHandlerAsyncHookHandler;
  logLevel?: 'trace' | 'debug' | 'info' | 'warn' | 'error' | 'fatal' | 'silent';
  handler(context: RouteContext<A, { [K in keyof PP]: ReturnType<PP[K]> }, Input<QS>, Input<BS>>): unknown;
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

/** Declares a route on `app` (a plugin's instance: its prefix applies). */
export function route<
  const A extends Access,
  PP extends ParamParsers = Record<never, ParamParser>,
  QS extends Schema | undefined = undefined,
  BS extends Schema | undefined = undefined,
>(app: FastifyInstance, definition: RouteDefinition<A, PP, QS, BS>): void {
  const { access, query, body, handler } = definition;
  const readParams = paramsReader(definition.params);
  const bodyOptions = { allowExtra: definition.ignore ?? [] };
  const signedIn = access.kind !== 'public';
  app.route({
    method: definition.method,
    url: definition.url,
    config: { access },
    ...(definition.preHandler ? { preHandler: definition.preHandler } : {}),
    ...(definition.logLevel ? { logLevel: definition.logLevel } : {}),
    handler(request, reply) {
      const auth = request.auth;
      // The auth plugin has set it on every route that is not public; this only keeps the types honest.
      if (signedIn && !auth) throw unauthenticated();
      const context = {
        params: readParams(request.params),
        query: query ? parse(query, request.query ?? {}) : request.query,
        body: body ? parse(body, request.body, bodyOptions) : request.body,
        company: auth ? auth.user.company_id : null,
        user: auth ? auth.user : null,
        auth,
        request,
        reply,
      };
      return handler(context as never);
    },
  });
}
