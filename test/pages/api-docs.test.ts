/**
 * The API reference `/docs` (Swagger UI served from node_modules), as a person uses it, in a real
 * headless Chromium against a listening server: every operation of the OpenAPI document is listed,
 * the document's markdown is rendered, "Authorize" with an admin's token then "Try it out" on
 * GET /v1/api/admin/dashboard/stats shows a 200 answer, with no console error, no failed request and
 * no request to another origin. Its screenshot goes to test/artifacts/docs-page.png, and to
 * docs/docs-page.png (the one README.md shows) with UPDATE_README_SCREENSHOTS=1, so a run of the
 * suite leaves the working tree as it found it.
 */
import { expect } from 'chai';
import { fileURLToPath } from 'node:url';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { startServer, type RunningServer } from '../../api/server.ts';
import { testDeps } from '../helpers/env.ts';
import { createAdmin } from '../helpers/factories.ts';
import type { Page } from 'playwright-core';
import { launchChromium, watch, type Browser } from '../helpers/browser.ts';

const SCREENSHOT = fileURLToPath(
  new URL(
    process.env.UPDATE_README_SCREENSHOTS ? '../../docs/docs-page.png' : '../artifacts/docs-page.png',
    import.meta.url,
  ),
);

/** Scrolls the page down half a screen and gives the new scroll position (run in the page). */
const SCROLL_HALF_SCREEN = 'window.scrollBy(0, window.innerHeight / 2); window.scrollY';

/** "METHOD /path" of the operation rows now in the page. */
function visibleOperations(page: Page): Promise<string[]> {
  return page
    .locator('.opblock .opblock-summary')
    .evaluateAll((nodes) =>
      nodes.map(
        (n) =>
          `${n.querySelector('.opblock-summary-method')?.textContent ?? ''} ${
            n.querySelector('[data-path]')?.getAttribute('data-path') ?? ''
          }`,
      ),
    );
}

describe('Pages: the API reference (/docs, Swagger UI) in a real browser', function () {
  this.timeout(120_000);
  let server: RunningServer;
  let browser: Browser;

  before(async () => {
    server = await startServer(testDeps(), 0, '127.0.0.1');
    browser = await launchChromium();
  });

  after(async () => {
    await browser?.close();
    await server?.close();
  });

  it('lists every operation, renders the markdown, and Authorize + Try it out answers 200, all from our origin', async () => {
    const admin = await createAdmin();
    const page = await browser.context.newPage();
    await page.setViewportSize({ width: 1100, height: 760 });
    const problems = watch(page);
    const origin = new URL(server.url).origin;
    const foreign: string[] = [];
    page.on('request', (req) => {
      const url = req.url();
      if (!url.startsWith('data:') && new URL(url).origin !== origin) foreign.push(url);
    });

    const res = await page.goto(`${server.url}/docs`, { waitUntil: 'load' });
    expect(res?.status()).to.equal(200);
    expect(res?.headers()['content-security-policy']).to.contain("script-src 'self'");
    expect(await page.title()).to.match(/documentation/);

    const doc = (await (await fetch(`${server.url}/v1/api/openapi.json`)).json()) as {
      paths: Record<string, Record<string, unknown>>;
    };
    const expected = Object.entries(doc.paths)
      .flatMap(([p, item]) => Object.keys(item).map((m) => `${m.toUpperCase()} ${p}`))
      .sort();
    // Past 150 rows Swagger UI renders only the rows in view: scroll from top to bottom, as a reader does.
    await page.locator('.opblock').first().waitFor();
    mkdirSync(path.dirname(SCREENSHOT), { recursive: true });
    await page.screenshot({ path: SCREENSHOT, type: 'png' });
    const seen = new Set<string>();
    for (let previous = -1; ;) {
      for (const row of await visibleOperations(page)) seen.add(row);
      const y = await page.evaluate<number>(SCROLL_HALF_SCREEN);
      if (y === previous) break;
      previous = y;
      await page.waitForTimeout(30);
    }
    const listed = [...seen].sort();
    expect(expected.length).to.be.greaterThan(50);
    expect(listed).to.deep.equal(expected);

    // The description's markdown is rendered: backticks became <code>, none is left as text.
    const description = page.locator('.information-container .info').first();
    expect(await description.locator('code').count()).to.be.greaterThan(0);
    expect(await description.textContent()).not.to.contain('`');

    // Authorize with the admin's bearer token.
    await page.locator('.auth-wrapper .authorize').click();
    const modal = page.locator('.modal-ux');
    await modal.locator('input[type=text], input[type=password]').first().fill(admin.token);
    // The dialog lists each scheme (bearer first, then oauth2), each with its own button.
    await modal.locator('button.modal-btn.authorize').first().click();
    await modal.getByText('Authorized').first().waitFor();
    await modal.locator('button.btn-done').first().click();

    // Try it out on GET /v1/api/admin/dashboard/stats.
    const op = page
      .locator('.opblock-get', {
        has: page.locator('.opblock-summary-path[data-path="/v1/api/admin/dashboard/stats"]'),
      })
      .first();
    await page.evaluate('window.scrollTo(0, 0)');
    for (let i = 0; (await op.count()) === 0 && i < 400; i++) {
      await page.evaluate(SCROLL_HALF_SCREEN);
      await page.waitForTimeout(30);
    }
    await op.locator('.opblock-summary').first().click();
    await op.locator('.try-out__btn').click();
    await op.locator('button.execute').click();
    const status = op.locator('.live-responses-table .response .response-col_status').first();
    await status.waitFor({ timeout: 30_000 });
    expect((await status.textContent())?.trim()).to.equal('200');
    expect(
      await op.locator('.live-responses-table .response-col_description pre').first().textContent(),
    ).to.contain('"success": true');
    expect(await op.locator('.live-responses-table').first().textContent()).to.contain('newThisWeek');

    expect(problems).to.deep.equal([]);
    expect(foreign).to.deep.equal([]);
    await page.close();
  });
});
