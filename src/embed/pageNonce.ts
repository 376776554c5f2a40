/**
 * The CSP nonce the page was served with, for the suite's run-time style element: from
 * `<meta name="csp-nonce" nonce="…">` (the reference server puts one first in the head of every
 * page; `content="…"` is read too), else from the script element running now. Browsers hide a
 * nonce attribute once the page has loaded, so the `nonce` property is read first.
 *
 * @example
 * createEstateDesk({ nonce: pageNonce() });
 */
export function pageNonce(doc: Document = document): string | undefined {
  const meta = doc.querySelector<HTMLMetaElement>('meta[name="csp-nonce"]');
  const fromMeta = meta ? meta.nonce || meta.getAttribute('nonce') || meta.content : '';
  const script = doc.currentScript as HTMLScriptElement | null;
  return fromMeta || script?.nonce || script?.getAttribute('nonce') || undefined;
}
