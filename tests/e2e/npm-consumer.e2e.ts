/**
 * The npm package as an integrator meets it: `npm pack`ed, unpacked into a project, type-checked
 * strictly (`skipLibCheck: false`, modern and node10 resolution) under React 18's and React 19's
 * types, bundled with each React, and run in Chromium on the API's origin — the sign-in form, the
 * leads board from its subpath (the same wrapped widget as the root's) signing in and showing rows.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, launchBrowser, openPage, screenshot } from './support/browser';
import { leadRows, signInWithin } from './support/embed';
import { bundle, packedFiles, packedProject, REACT18_UMD, typeCheck } from './support/npmConsumer';

let browser: Browser;
let project: string;
beforeAll(async () => {
  browser = await launchBrowser();
  project = packedProject();
}, 120_000);
afterAll(async () => {
  await browser?.close();
});

describe('the npm package in a consumer project', () => {
  it('ships its build, typed entries and "use client", nothing else', () => {
    const files = packedFiles(project);
    expect(files).toEqual(expect.arrayContaining(['package.json', 'README.md', 'dist/index.js', 'dist/index.d.ts', 'dist/widgets/leads-board/index.d.ts']));
    expect(files.filter((f) => !f.startsWith('dist/') && !['package.json', 'README.md', 'LICENSE'].includes(f))).toEqual([]);
    const manifest = JSON.parse(readFileSync(join(project, 'node_modules/estatedesk/package.json'), 'utf8'));
    expect(manifest).toMatchObject({ main: './dist/index.js', types: './dist/index.d.ts', sideEffects: false });
    expect(readFileSync(join(project, 'node_modules/estatedesk/dist/index.js'), 'utf8').startsWith('"use client";')).toBe(true);
  });

  for (const major of [18, 19] as const) {
    it(`type-checks strictly under React ${major}'s types, with modern and node10 resolution`, () => {
      expect(typeCheck(project, major, 'bundler')).toBe('');
      expect(typeCheck(project, major, 'node10')).toBe('');
    }, 120_000);

    it(`renders under React ${major}: sign-in, and the subpath's leads board signs in and shows rows`, async () => {
      const code = await bundle(project, major);
      const umd = major === 18 ? ['react.production.min.js', 'react-dom.production.min.js'].map((f) => readFileSync(join(REACT18_UMD, f), 'utf8')) : [];
      const { context, page, errors } = await openPage(browser);
      // A page of the integrator's app, served on the API's origin.
      await page.route(`${baseUrl()}/consumer.html`, (route) =>
        route.fulfill({
          contentType: 'text/html',
          body: `<!doctype html><html><body><div id="root"></div>${[...umd, code].map((c) => `<script>${c.replace(/<\/script/g, '<\\/script')}</script>`).join('')}</body></html>`,
        }),
      );
      await page.goto(`${baseUrl()}/consumer.html`);
      await page.locator('#sign-in').getByRole('button', { name: 'Login', exact: true }).waitFor();
      expect(await page.evaluate(() => (window as any).sameComponent)).toBe(true);
      // React 18 is the page's UMD global; the bundle used it, not a copy of the workspace's 19.
      if (major === 18) expect(await page.evaluate(() => (window as any).React.version)).toMatch(/^18\./);
      const version = await page.evaluate(() => document.querySelector('#root')?.textContent ?? '');
      expect(version).toContain('Consumer 0');

      const leads = page.locator('#leads');
      await signInWithin(leads);
      await leadRows(leads);
      expect(await page.evaluate(() => (window as any).events)).toContain('signed-in');
      await screenshot(page, `npm-consumer-react${major}-1400`);
      expect(errors).toEqual([]);
      await context.close();
    }, 120_000);
  }
});
