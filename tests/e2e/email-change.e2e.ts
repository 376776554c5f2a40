/**
 * A changed e-mail address as its owner meets it, in Chromium against the built reference server:
 * a newly registered admin changes their address in Account Settings (the form asks for the current
 * password only once the address differs), the old address gets a mail with an undo link, and
 * following it puts the old address back, signs every session out and leads straight on to choosing
 * a new password, with which the owner signs in at the old address again. Screenshots land in
 * tests/e2e/screenshots/.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, launchBrowser, openPage, screenshot, signIn } from './support/browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** The first link of the newest mailbox mail to `to` whose link contains `path`. */
async function mailLink(page: Page, to: string, path: string): Promise<string> {
  const html = await (await page.request.get(`${baseUrl()}/mailbox`)).text();
  const article = html.split('<article>').find((a) => a.includes(to) && a.includes(path));
  const href = article?.match(/href="([^"]+)"/)?.[1];
  if (!href) throw new Error(`no ${path} mail for ${to} in the mailbox`);
  return href.replace(/&amp;/g, '&');
}

describe('changing one’s e-mail address', () => {
  it('asks for the current password, tells the old address, and the owner undoes it from there', async () => {
    const stamp = Date.now();
    const owner = { email: `owner.${stamp}@e2e.test`, password: 'Owner@1234' };
    const other = `other.${stamp}@e2e.test`;
    const { context, page, errors } = await openPage(browser);

    const registered = await page.request.post(`${baseUrl()}/api/v1/register`, {
      data: {
        display_name: `Undo Realty ${stamp}`,
        first_name: 'Uma',
        last_name: 'Owner',
        email: owner.email,
        password: owner.password,
        password_confirmation: owner.password,
      },
    });
    expect(registered.status()).toBe(201);
    await page.goto(await mailLink(page, owner.email, 'verify-email'));
    await page.getByText('Your e-mail address is verified').waitFor();

    await signIn(page, owner.email, owner.password);
    await page.goto('/#/settings');
    const email = page.getByRole('textbox', { name: /^Email/ });
    await email.waitFor();
    expect(await page.getByLabel(/^Current password/).count()).toBe(0);
    await email.fill(other);
    const current = page.getByLabel(/^Current password/);
    await current.waitFor();
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('Enter your current password to change your e-mail address.').first().waitFor();

    await current.fill('Wrong@1234');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('The current password is incorrect.').first().waitFor();
    await screenshot(page, 'email-change-current-password');

    await current.fill(owner.password);
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('Profile updated successfully').first().waitFor();

    // The owner, at the old address, follows the undo link in another browser.
    const { context: mailbox, page: ownerPage } = await openPage(browser);
    await ownerPage.goto(await mailLink(ownerPage, owner.email, 'undo-email-change'));
    await ownerPage.getByText(`Your e-mail address is back to ${owner.email}`).waitFor();
    await screenshot(ownerPage, 'email-change-undone');
    await ownerPage.getByRole('link', { name: 'Choose a new password' }).click();
    await ownerPage.getByLabel(/^New password/).fill('Mine@24680');
    await ownerPage.getByLabel(/^Confirm new password/).fill('Mine@24680');
    await ownerPage.getByRole('button', { name: 'Reset Password' }).click();
    await ownerPage.getByText('Your password has been reset').waitFor();
    await signIn(ownerPage, owner.email, 'Mine@24680');

    // The session that made the change is over.
    await page.reload();
    await page.waitForURL(/#\/login/);
    expect(errors).toEqual([]);
    await mailbox.close();
    await context.close();
  });
});
