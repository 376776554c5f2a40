/**
 * GET /embed/access: whether the calling page's origin may use the API (ALLOWED_ORIGINS). Public
 * like the script files beside it, so a widget on a page that is not yet allowed can say so in
 * place instead of failing on a blocked request. Beyond the original description; embedding needs it.
 */
import * as z from 'zod/mini';

export const EMBED_ACCESS_PATH = '/embed/access';
export const EmbedAccessAnswer = z.looseObject({
  status: z.string(),
  data: z.looseObject({ origin: z.nullable(z.string()), allowed: z.boolean() }),
});
export type EmbedAccess = z.infer<typeof EmbedAccessAnswer>['data'];

/** What a widget shows (and logs) on a page whose origin the server does not allow. */
export const originNotAllowed = (origin: string): string =>
  `This page (${origin}) may not use the EstateDesk API yet: add ${origin} to ALLOWED_ORIGINS on the EstateDesk server, then reload.`;
