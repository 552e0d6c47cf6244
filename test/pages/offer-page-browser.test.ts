/**
 * The offer page in a real headless Chromium at a phone's width (360 px) and a laptop's (1280 px):
 * screenshots in test/artifacts/ (offer-page-360.png, offer-page-1280.png, offer-list-360.png),
 * no console error, no request to another origin, and no serious or critical accessibility
 * violation found by axe-core (its source evaluated in the page: DevTools' evaluation is not
 * bound by the page's CSP, which allows no script). The list page is checked the same way.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { startServer, type RunningServer } from '../../api/server.ts';
import { testDeps } from '../helpers/env.ts';
import { createOffre, createRecruteur } from '../helpers/factories.ts';
import { launchChromium, screenshot, watch, type Browser } from '../helpers/browser.ts';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

/** axe-core's serious and critical violations on the page, as readable lines. */
async function seriousViolations(page: Page): Promise<string[]> {
  await page.evaluate(AXE_SOURCE);
  const { violations, passes } = (await page.evaluate(
    `axe.run(document).then((r) => ({ violations: r.violations, passes: r.passes.length }))`,
  )) as { violations: AxeViolation[]; passes: number };
  expect(passes, 'axe-core checked nothing').to.be.greaterThan(10);
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.impact} ${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}

describe('Pages: the offer page in a real browser', function () {
  this.timeout(180_000);
  let server: RunningServer;
  let browser: Browser;
  let offerPath: string;

  before(async () => {
    server = await startServer(testDeps({ config: { frontendUrl: null } }), 0, '127.0.0.1');
    browser = await launchChromium();
    const recruteur = await createRecruteur();
    const id = await createOffre(recruteur, {
      titre: 'Responsable des ventes régionales – Littoral et Sud-Ouest',
      description:
        'Vous animerez une équipe de 12 commerciaux terrain.\nVous suivrez les distributeurs de Douala, Limbé et Buea.\nReporting hebdomadaire à la direction commerciale.',
      competences: ['Négociation', 'Management', 'Excel', 'Anglais courant'],
      salaireMin: 650000,
      salaireMax: 900000,
      deadline: '2099-03-31',
      remotePossible: true,
    });
    const res = await fetch(`${server.url}/emplois/${id}`, { redirect: 'manual' });
    offerPath = res.headers.get('location')!;
  });

  after(async () => {
    await browser?.close();
    await server?.close();
  });

  for (const width of [360, 1280]) {
    it(`opens at ${width} px wide with no console error, no other origin, no serious accessibility violation`, async () => {
      const page = await browser.context.newPage();
      await page.setViewportSize({ width, height: width < 600 ? 740 : 900 });
      const problems = watch(page);
      const requests: string[] = [];
      page.on('request', (req) => requests.push(req.url()));
      const res = await page.goto(`${server.url}${offerPath}`, { waitUntil: 'load' });
      expect(res?.status()).to.equal(200);
      expect(await page.textContent('h1')).to.equal(
        'Responsable des ventes régionales – Littoral et Sud-Ouest',
      );
      // Nothing sticks out sideways on a phone.
      const overflow = await page.evaluate(
        'document.documentElement.scrollWidth - document.documentElement.clientWidth',
      );
      expect(overflow).to.equal(0);
      await screenshot(page, `offer-page-${width}`, { fullPage: true });
      expect(await seriousViolations(page)).to.deep.equal([]);
      expect(problems).to.deep.equal([]);
      expect(requests.filter((u) => !u.startsWith(`${server.url}/`))).to.deep.equal([]);
      await page.close();
    });
  }

  it('the list page at 360 px: no console error, no other origin, no serious accessibility violation', async () => {
    const page = await browser.context.newPage();
    await page.setViewportSize({ width: 360, height: 740 });
    const problems = watch(page);
    const requests: string[] = [];
    page.on('request', (req) => requests.push(req.url()));
    await page.goto(`${server.url}/emplois`, { waitUntil: 'load' });
    await page.fill('#q', 'ventes');
    await Promise.all([
      page.waitForURL(/\/emplois\?q=ventes/),
      page.click('form.search button[type=submit]'),
    ]);
    expect(await page.textContent('ol.offres')).to.contain('Responsable des ventes régionales');
    await screenshot(page, 'offer-list-360', { fullPage: true });
    expect(await seriousViolations(page)).to.deep.equal([]);
    expect(problems).to.deep.equal([]);
    expect(requests.filter((u) => !u.startsWith(`${server.url}/`))).to.deep.equal([]);
    await page.close();
  });
});
