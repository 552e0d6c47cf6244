/**
 * Swagger UI's "Authorize" with an integration app's code flow, in a real headless Chromium, as an
 * integrator tries the API: the app (public, PKCE) registers PUBLIC_URL/docs/oauth2-redirect.html as
 * its redirect URI; Authorize opens our sign-in and consent pages in a popup; the popup comes back
 * to the docs, Swagger UI exchanges the code, and "Try it out" on GET /v1/api/recruiters/me/offres
 * answers 200 with the OAuth token.
 */
import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { createRecruteur, DEFAULT_PASSWORD } from '../helpers/factories.ts';
import { testDb } from '../helpers/env.ts';
import { registerApp, startOAuthServer, type OAuthTestServer } from '../helpers/oauth.ts';
import { launchChromium, type Browser } from '../helpers/browser.ts';

/** Scrolls until the operation's row is rendered (Swagger UI renders long lists lazily). */
async function operation(page: Page, method: string, path: string) {
  const op = page
    .locator(`.opblock-${method}`, { has: page.locator(`.opblock-summary-path[data-path="${path}"]`) })
    .first();
  await page.evaluate('window.scrollTo(0, 0)');
  for (let i = 0; (await op.count()) === 0 && i < 400; i++) {
    await page.evaluate('window.scrollBy(0, window.innerHeight / 2)');
    await page.waitForTimeout(30);
  }
  return op;
}

describe('Pages: the code flow from the API reference’s Authorize, in a real browser', function () {
  this.timeout(120_000);
  let srv: OAuthTestServer;
  let browser: Browser;

  before(async () => {
    srv = await startOAuthServer();
    browser = await launchChromium();
  });

  after(async () => {
    await browser?.close();
    await srv?.close();
  });

  it('signs a recruiter in through the popup, and Try it out answers with the app’s token', async () => {
    const owner = await createRecruteur();
    const app = await registerApp(srv, owner, {
      clientType: 'public',
      scopes: ['offres:read'],
      redirectUris: [`${srv.url}/docs/oauth2-redirect.html`],
    });
    const redirect = await fetch(`${srv.url}/docs/oauth2-redirect.html`);
    expect(redirect.status).to.equal(200);
    expect(redirect.headers.get('content-security-policy')).to.contain("script-src 'self'");

    const page = await browser.context.newPage();
    await page.goto(`${srv.url}/docs`, { waitUntil: 'load' });
    await page.locator('.auth-wrapper .authorize').click();
    const modal = page.locator('.modal-ux');
    // The authorization-code section of the oauth2 scheme: its client_id, its scope, its button.
    const codeFlow = modal.locator('.auth-container', { hasText: 'authorizationCode with PKCE' }).first();
    await codeFlow.locator('input#client_id_authorizationCode').fill(app.clientId);
    await codeFlow.locator('label[for="offres:read-authorizationCode-checkbox-oauth2"]').click();
    const [popup] = await Promise.all([
      page.waitForEvent('popup'),
      codeFlow.locator('button.modal-btn.authorize').click(),
    ]);
    await popup.waitForLoadState();
    await popup.locator('input[name=email]').fill(owner.email);
    await popup.locator('input[name=password]').fill(DEFAULT_PASSWORD);
    await popup.locator('button[type=submit], input[type=submit]').first().click();
    await popup.locator('button[name=decision][value=allow]').click();
    await popup.waitForEvent('close', { timeout: 30_000 });
    await codeFlow.getByText('Authorized').waitFor();
    await modal.locator('button.btn-done').first().click();

    const op = await operation(page, 'get', '/v1/api/recruiters/me/offres');
    await op.locator('.opblock-summary').first().click();
    await op.locator('.try-out__btn').click();
    await op.locator('button.execute').click();
    const status = op.locator('.live-responses-table .response .response-col_status').first();
    await status.waitFor({ timeout: 30_000 });
    expect((await status.textContent())?.trim()).to.equal('200');
    const calls = await testDb()('auditLogs').where({ action: 'oauth.api_call', targetId: String(app.id) });
    expect(calls.length).to.be.greaterThan(0);
    await page.close();
  });
});
