/**
 * Without FRONTEND_URL, the password-reset email links to a page of the API: opened in a real
 * headless Chromium, its form sets the new password, with no console error and no request to
 * another origin; the old password stops working and the new one logs in.
 */
import { expect } from 'chai';
import { startServer, type RunningServer } from '../../api/server.ts';
import { testDb, testDeps } from '../helpers/env.ts';
import { createCandidat, DEFAULT_PASSWORD } from '../helpers/factories.ts';
import { call } from '../helpers/http-call.ts';
import { launchChromium, screenshot, watch, type Browser } from '../helpers/browser.ts';

describe('Pages: the password-reset link in a real browser', function () {
  this.timeout(90_000);
  let server: RunningServer;
  let browser: Browser;

  before(async () => {
    server = await startServer(testDeps({ config: { frontendUrl: null } }), 0, '127.0.0.1');
    browser = await launchChromium();
  });

  after(async () => {
    await browser?.close();
    await server?.close();
  });

  it('the emailed link opens a form that resets the password', async () => {
    const candidat = await createCandidat();
    const asked = await call(server.url, 'POST', '/v1/api/auth/forgot-password', {
      body: { email: candidat.email },
    });
    expect(asked.status).to.equal(200);
    const email = (await testDb()('outboundEmails')
      .where({ toAddress: candidat.email, template: 'password-reset' })
      .orderBy('id', 'desc')
      .first('textBody')) as { textBody: string };
    const link = new URL(/https?:\/\/\S+\/v1\/api\/auth\/reset-password\?token=\S+/.exec(email.textBody)![0]);
    const page = await browser.context.newPage();
    const problems = watch(page);
    const requests: string[] = [];
    page.on('request', (req) => requests.push(req.url()));
    const res = await page.goto(`${server.url}${link.pathname}${link.search}`, { waitUntil: 'load' });
    expect(res?.status()).to.equal(200);
    expect(res?.headers()['content-security-policy']).to.contain("default-src 'none'");
    await page.fill('#password', 'Nouveau-mot-2-passe');
    await page.fill('#confirm', 'Nouveau-mot-2-passe');
    await page.click('button[type=submit]');
    await page.waitForSelector('#result.ok');
    expect(await page.textContent('#result')).to.contain('Mot de passe modifié');
    await screenshot(page, 'reset-password');
    expect(problems).to.deep.equal([]);
    expect(requests.every((u) => u.startsWith(server.url))).to.equal(true);

    const old = await call(server.url, 'POST', '/v1/api/auth/login', {
      body: { email: candidat.email, password: DEFAULT_PASSWORD },
    });
    expect(old.status).to.equal(401);
    const fresh = await call(server.url, 'POST', '/v1/api/auth/login', {
      body: { email: candidat.email, password: 'Nouveau-mot-2-passe' },
    });
    expect(fresh.status).to.equal(200);
  });
});
