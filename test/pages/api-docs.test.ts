/**
 * The API documentation page `/docs`, as a person sees it: loaded in a real headless Chromium from
 * a listening server, without any console error or failed request, listing every operation of the
 * OpenAPI document. A screenshot is written to test/artifacts/api-docs.png.
 */
import { expect } from 'chai';
import { startServer, type RunningServer } from '../../api/server.ts';
import { testDeps } from '../helpers/env.ts';
import { launchChromium, screenshot, watch, type Browser } from '../helpers/browser.ts';

describe('Pages: the API documentation (/docs) in a real browser', function () {
  this.timeout(60_000);
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

  it('loads without errors and lists every route of the OpenAPI document', async () => {
    const page = await browser.context.newPage();
    const problems = watch(page);
    const res = await page.goto(`${server.url}/docs`, { waitUntil: 'load' });
    expect(res?.status()).to.equal(200);
    expect(await page.title()).to.match(/documentation/);

    const doc = (await (await fetch(`${server.url}/v1/api/openapi.json`)).json()) as {
      paths: Record<string, Record<string, unknown>>;
    };
    const expected = Object.entries(doc.paths)
      .flatMap(([p, item]) => Object.keys(item).map((m) => `${m.toUpperCase()} ${p}`))
      .sort();
    const listed = (
      await page
        .locator('details.op > summary')
        .evaluateAll((nodes) =>
          nodes.map(
            (n) =>
              `${n.querySelector('.m')?.textContent ?? ''} ${n.querySelector('code')?.textContent ?? ''}`,
          ),
        )
    ).sort();
    expect(expected.length).to.be.greaterThan(50);
    expect(listed).to.deep.equal(expected);
    // One section per tag of the document.
    const tags = new Set(
      Object.values(doc.paths).flatMap((item) =>
        Object.values(item).map((op) => (op as { tags?: string[] }).tags?.[0] ?? 'Other'),
      ),
    );
    const headings = await page.getByRole('heading', { level: 2 }).allTextContents();
    expect(new Set(headings)).to.deep.equal(tags);

    // Opening an operation shows its details.
    const regions = page
      .locator('details.op', { has: page.locator('code', { hasText: /^\/v1\/api\/regions$/ }) })
      .first();
    await regions.locator('summary').click();
    await regions.getByText('Responses:').waitFor();

    await screenshot(page, 'api-docs');
    expect(problems).to.deep.equal([]);
    await page.close();
  });
});
