/**
 * The API's own description: GET /api/v1/openapi.json (OpenAPI 3.1, built once at start from the
 * contract, document.ts) and the reference page /api/docs, which Swagger UI renders from the
 * files of the installed swagger-ui-dist package — no CDN, and loaded on that page only, never
 * by the widgets. The page has its own Content-Security-Policy: Swagger UI runs from our files
 * but sets styles in attributes, so its styles need 'unsafe-inline'; scripts stay 'self' only.
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { API_PREFIX } from '@contract';
import { JSON_TYPE } from '../../lib/answers';
import { notFound } from '../../lib/http-error';
import { route } from '../../lib/route';
import { apiDocument } from './document';

export const OPENAPI_PATH = '/openapi.json';
export const DOCS_PATH = '/api/docs';

/** The files of swagger-ui-dist the page loads, by the name it asks for. */
const ASSETS: Readonly<Record<string, string>> = {
  'swagger-ui-bundle.js': 'application/javascript; charset=utf-8',
  'swagger-ui.css': 'text/css; charset=utf-8',
};

export const DOCS_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "font-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>EstateDesk API reference</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="${DOCS_PATH}/swagger-ui.css">
</head>
<body>
<main id="reference"></main>
<script src="${DOCS_PATH}/swagger-ui-bundle.js"></script>
<script src="${DOCS_PATH}/init.js"></script>
</body>
</html>
`;

// Outside an inline script, so the page's policy needs no nonce or hash for it.
const INIT = `window.ui = SwaggerUIBundle({
  url: ${JSON.stringify(`${API_PREFIX}${OPENAPI_PATH}`)},
  dom_id: '#reference',
  deepLinking: true,
  docExpansion: 'list',
  defaultModelsExpandDepth: 0,
  persistAuthorization: false,
  tryItOutEnabled: false,
  validatorUrl: null,
});
`;

export default async function referenceRoutes(app: FastifyInstance): Promise<void> {
  const document = JSON.stringify(apiDocument());
  const etag = `"${createHash('sha256').update(document).digest('base64url').slice(0, 27)}"`;
  const dist = path.dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));

  await app.register(
    async (api) => {
      route(api, {
        method: 'GET',
        url: OPENAPI_PATH,
        handler: async ({ request, reply }) => {
          reply.header('etag', etag).header('cache-control', 'no-cache');
          if (request.headers['if-none-match'] === etag) return reply.code(304).send();
          return reply.type(JSON_TYPE).send(document);
        },
      });
    },
    { prefix: API_PREFIX },
  );

  app.get(DOCS_PATH, async (_request, reply) =>
    reply.header('content-security-policy', DOCS_POLICY).header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(PAGE),
  );
  app.get<{ Params: { file: string } }>(`${DOCS_PATH}/:file`, async (request, reply) => {
    const { file } = request.params;
    reply.header('cache-control', 'public, max-age=86400');
    if (file === 'init.js') return reply.type('application/javascript; charset=utf-8').send(INIT);
    const type = ASSETS[file];
    if (!type) throw notFound();
    return reply.type(type).send(await readFile(path.join(dist, file)));
  });
}
