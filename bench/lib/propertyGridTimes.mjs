/**
 * The property grid in Chromium, signed in as the Skyline admin: a full page load of
 * `/#/properties/list` (session restored from storage, as a bookmark opens it) to the first 12
 * cards on screen with their cover images decoded, then Load More to 24 cards, and what the grid's
 * images cost per card.
 *
 * Times are the page's own clock (performance.now(), from navigation start; Load More from the
 * click's event time). "Decoded" is `HTMLImageElement.decode()` resolved for every card's image:
 * the bitmap is ready to paint, not only downloaded. Cards lazy-load their images; Chromium fetches
 * lazy images within a distance of the viewport, which covers the first 24 cards of a
 * 1400 × 900 window (checked: each card's `currentSrc` and resource entry must be there).
 */
const LAUNCH_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

/** Runs in the page before its scripts: marks when `want` cards have their images decoded. */
function installMarks() {
  const w = window;
  w.__bench = { want: 12, cardsAt: null, decodedAt: null, waiting: false, clickAt: null };
  const check = () => {
    const b = w.__bench;
    if (b.waiting || b.decodedAt != null) return;
    const cards = document.querySelectorAll('article[aria-label]');
    if (cards.length < b.want) return;
    b.cardsAt ??= performance.now();
    const images = [...cards].slice(0, b.want).map((card) => card.querySelector('img'));
    if (images.some((img) => !img || !img.getAttribute('src'))) return;
    b.waiting = true;
    Promise.all(images.map((img) => img.decode())).then(
      () => {
        b.decodedAt = performance.now();
        b.waiting = false;
      },
      (error) => {
        b.failed = String(error);
        b.waiting = false;
      },
    );
  };
  new MutationObserver(check).observe(document, { childList: true, subtree: true, attributes: true, attributeFilter: ['src'] });
  w.__benchCheck = check;
}

/**
 * @param {string} url  the server's base URL
 * @param {{ username: string, password: string }} who
 * @param {{ runs?: number, executablePath?: string }} [options]
 * @returns {Promise<{ firstCards: number[], firstDecoded: number[], moreCards: number[], moreDecoded: number[],
 *   cardImages: { cards: number, perCardBytes: number, uniqueFiles: number, downloadedBytes: number, src: string } }>}
 */
export async function propertyGridTimes(url, who, { runs = 5, executablePath = process.env.CHROMIUM_PATH || '/usr/bin/chromium' } = {}) {
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({ executablePath, headless: true, args: LAUNCH_ARGS });
  try {
    const context = await browser.newContext({ viewport: { width: 1400, height: 900 }, baseURL: url });
    const page = await context.newPage();
    await page.goto('/#/login');
    await page.getByRole('textbox', { name: 'Username', exact: true }).fill(who.username);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(who.password);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await page.waitForURL(/#\/dashboard$/);
    await page.addInitScript(installMarks);

    const out = { firstCards: [], firstDecoded: [], moreCards: [], moreDecoded: [], cardImages: null };
    // Run 0 warms the server's and the browser's code paths and is not counted; every run is a
    // new document (new query string) with a cold memory cache, the HTTP cache left as a person has it.
    for (let run = 0; run <= runs; run++) {
      await page.goto(`/?grid=${run}#/properties/list`);
      await page.waitForFunction(() => window.__bench.decodedAt != null || window.__bench.failed, null, { timeout: 30_000 });
      const first = await page.evaluate(() => window.__bench);
      if (first.failed) throw new Error(`first cards' images: ${first.failed}`);
      if (run === 0) {
        out.cardImages = await page.evaluate(() => {
          const imgs = [...document.querySelectorAll('article[aria-label] img')].slice(0, 12);
          const sizes = new Map(
            performance
              .getEntriesByType('resource')
              .filter((e) => e.initiatorType === 'img')
              .map((e) => [e.name, e.encodedBodySize]),
          );
          const perCard = imgs.map((img) => sizes.get(img.currentSrc));
          if (perCard.some((n) => n == null)) throw new Error(`an image has no resource entry: ${imgs.map((i) => i.currentSrc).join(' ')}`);
          return {
            cards: imgs.length,
            perCardBytes: perCard.reduce((a, b) => a + b, 0) / imgs.length,
            uniqueFiles: new Set(imgs.map((i) => i.currentSrc)).size,
            downloadedBytes: [...new Set(imgs.map((i) => i.currentSrc))].reduce((a, src) => a + sizes.get(src), 0),
            src: imgs[0].currentSrc,
          };
        });
      }
      // Load More: from the click to 24 cards, and to their images decoded.
      await page.evaluate(() => {
        const b = window.__bench;
        Object.assign(b, { want: 24, cardsAt: null, decodedAt: null });
        document.addEventListener('click', (event) => (b.clickAt = event.timeStamp), { capture: true, once: true });
      });
      await page.getByRole('button', { name: 'Load More', exact: true }).click();
      await page.waitForFunction(() => window.__bench.decodedAt != null || window.__bench.failed, null, { timeout: 30_000 });
      const more = await page.evaluate(() => window.__bench);
      if (more.failed) throw new Error(`Load More images: ${more.failed}`);
      if (run === 0) continue;
      out.firstCards.push(first.cardsAt);
      out.firstDecoded.push(first.decodedAt);
      out.moreCards.push(more.cardsAt - more.clickAt);
      out.moreDecoded.push(more.decodedAt - more.clickAt);
    }
    return out;
  } finally {
    await browser.close();
  }
}
