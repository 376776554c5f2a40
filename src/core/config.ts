/**
 * Runtime configuration: where the API lives, where images are served, how stored keys are
 * named, and how a host hands over its token.
 */
import { API_PREFIX } from '../contract';

/** Everything a runtime needs to know about its surroundings. */
export interface EstateDeskConfig {
  /** Origin (and optional path) of the API; '' means same origin. Calls go to `${apiBase}/api/v1${path}`. */
  apiBase: string;
  /** Prefix that turns a stored image path into a URL (default `/uploads/`); may be a bucket URL. */
  imagePrefix: string;
  /** Prefix of every stored key (default `estatedesk.`); '' gives the bare keys (`token`, `user`, ...). */
  storagePrefix: string;
  /** Locale of dates and numbers (default `en-IN`, docs/product/rules.md). */
  locale: string;
  /** The namespace this runtime serves (default `default`); one runtime per namespace. */
  namespace: string;
  /** A token the host already has; sent as `Authorization: Bearer`. */
  token?: string;
  /** Asks the host for a token before each call and again once after a 401. */
  getToken?: () => string | null | undefined | Promise<string | null | undefined>;
  /**
   * Where the full admin app lives (e.g. `https://crm.example.com/`): a link inside a widget that
   * keeps its path in memory then opens that screen of the full app (`${appUrl}#/property/42`) in a
   * new tab, a copied link or a bookmark. Without it such links only navigate in place.
   */
  appUrl?: string;
  /** Where the session is kept: default `window.localStorage` when usable, else memory; `null` forces memory. */
  storage?: Storage | null;
}

/** Defaults of every required field of `EstateDeskConfig`. */
export const DEFAULT_CONFIG = {
  apiBase: '',
  imagePrefix: '/uploads/',
  storagePrefix: 'estatedesk.',
  locale: 'en-IN',
  namespace: 'default',
} as const satisfies Partial<EstateDeskConfig>;

/**
 * Fills in the defaults. Undefined fields count as missing, so a host can spread its own
 * optional settings in without erasing defaults.
 *
 * @example
 * const config = resolveConfig({ apiBase: 'https://api.example.com/' });
 * config.apiBase // 'https://api.example.com'
 */
export function resolveConfig(partial: Partial<EstateDeskConfig> = {}): EstateDeskConfig {
  const defined = Object.fromEntries(Object.entries(partial).filter(([, v]) => v !== undefined));
  const config: EstateDeskConfig = { ...DEFAULT_CONFIG, ...defined };
  // Trailing slashes would produce `//api/v1`, which some proxies treat as a different path.
  config.apiBase = config.apiBase.trim().replace(/\/+$/, '');
  return config;
}

/** The full URL of an API path: `apiUrl(config, '/leads/7')` → `${apiBase}/api/v1/leads/7`. */
export function apiUrl(config: Pick<EstateDeskConfig, 'apiBase'>, path: string): string {
  return `${config.apiBase}${API_PREFIX}${path.startsWith('/') ? path : `/${path}`}`;
}

const ABSOLUTE = /^(?:[a-z][a-z\d+.-]*:|\/\/)/i;

/**
 * The URL of a stored image path: the image prefix (a bucket URL works) plus the stored path
 * (docs/product/data.md, "Property").
 * Absolute URLs (`https:`, `data:`, `blob:`, `//host`) pass through; a path that already carries
 * the prefix is not prefixed twice; a root-relative prefix is served by the API host, so it gets
 * `apiBase` in front when the API lives elsewhere.
 *
 * @example
 * imageUrl(config, 'properties/7/cover.jpg') // '/uploads/properties/7/cover.jpg'
 * imageUrl(config, 'https://cdn.example.com/a.jpg') // unchanged
 */
export function imageUrl(config: Pick<EstateDeskConfig, 'apiBase' | 'imagePrefix'>, path: string | null | undefined): string {
  const value = (path ?? '').trim();
  if (!value || ABSOLUTE.test(value)) return value;
  const prefix = config.imagePrefix || '/';
  const rooted = prefix.startsWith('/') && !value.startsWith('/') ? `/${value}` : value;
  // Servers differ on whether they store `cover.jpg` or `/uploads/cover.jpg`; accept both.
  const joined = rooted.startsWith(prefix)
    ? rooted
    : `${prefix.replace(/\/+$/, '')}/${value.replace(/^\/+/, '')}`;
  // Only a root-relative prefix is the API server's own; a bucket URL stands on its own.
  return joined.startsWith('/') && !joined.startsWith('//') ? `${config.apiBase}${joined}` : joined;
}
