/**
 * The script-tag loader (`/embed/loader.js`): a few hundred bytes that queue calls made before the
 * runtime has loaded, read settings from their own tag, and load the runtime module beside them.
 * Safe to include twice.
 *
 * <script src="https://app.example.com/embed/loader.js" data-api-base="https://app.example.com"></script>
 */
(() => {
  const w = window as unknown as { EstateDesk?: { q?: unknown[]; __loader?: boolean; widgets?: unknown } };
  if (w.EstateDesk && (w.EstateDesk.__loader || w.EstateDesk.widgets)) return;
  const tag = document.currentScript as HTMLScriptElement | null;
  if (!tag) return;
  const data = tag.dataset;
  const queue: unknown[] = w.EstateDesk?.q ?? [];
  const queued =
    (method: string) =>
    (...args: unknown[]) => {
      queue.push([method, args]);
    };
  w.EstateDesk = Object.assign(w.EstateDesk ?? {}, {
    __loader: true,
    q: queue,
    config: {
      apiBase: data.apiBase,
      namespace: data.namespace,
      nonce: data.nonce,
      storagePrefix: data.storagePrefix,
    },
    init: queued('init'),
    mount: queued('mount'),
  });
  const script = document.createElement('script');
  script.type = 'module';
  script.src = new URL('runtime.js', tag.src).href;
  if (data.nonce) script.nonce = data.nonce;
  document.head.appendChild(script);
})();
