/**
 * Route patterns with `:param` segments, matched against a path (its `?search` ignored). Pure, so
 * the full app's route table, a widget's own screens and the router all agree on what matches.
 */

/** The params of `path` under `pattern`, or null when it does not match. */
export function matchPath(pattern: string, path: string): Record<string, string> | null {
  const p = pattern.split('/').filter(Boolean);
  const s = path.split('?')[0]!.split('/').filter(Boolean);
  if (p.length !== s.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < p.length; i++) {
    const part = p[i]!;
    if (part.startsWith(':')) {
      try {
        params[part.slice(1)] = decodeURIComponent(s[i]!);
      } catch {
        // A malformed escape (`%E0%A4`) is no match rather than a crash of the screen.
        return null;
      }
    } else if (part !== s[i]) return null;
  }
  return params;
}

/**
 * A pattern with its params filled in (encoded).
 * @example fillPath('/property/:id', { id: 7 }) // '/property/7'
 */
export function fillPath(pattern: string, params: Record<string, string | number>): string {
  return pattern.replace(/:([A-Za-z_]\w*)/g, (whole, name: string) =>
    params[name] === undefined ? whole : encodeURIComponent(String(params[name])),
  );
}
