/**
 * The public pages, share images and crawler files count in the `standard` rate limit (120
 * requests a minute and client), in the same budget as the API's reads: the 121st request of a
 * client within the minute is a 429, an HTML page for a page, with Retry-After; other clients go on.
 * And share images are drawn in a bounded queue: past it, QueueFullError at once.
 */
import { expect } from 'chai';
import type { Response } from 'supertest';
import { agent } from '../helpers/app.ts';
import { createOffre, createRecruteur } from '../helpers/factories.ts';
import { freshIp, limited } from '../helpers/rate-limit-probe.ts';
import { visibleText } from '../helpers/html-forms.ts';
import { RATE_POLICY } from '../../api/rate-limit/policy.ts';
import { SHARE_QUEUE, shareImagePng } from '../../api/pages/share-image.ts';
import { QueueFullError } from '../../lib/bounded-queue.ts';

const STANDARD = RATE_POLICY.categories.standard;

function expectHtml429(res: Response): void {
  expect(res.status).to.equal(429);
  expect(res.headers['content-type']).to.equal('text/html; charset=utf-8');
  expect(res.headers['x-ratelimit-limit']).to.equal(String(STANDARD.points));
  expect(res.headers['x-ratelimit-remaining']).to.equal('0');
  const retryAfter = Number(res.headers['retry-after']);
  expect(retryAfter).to.be.within(1, STANDARD.windowSec);
  expect(visibleText(res.text)).to.contain(`Réessayez dans ${retryAfter} secondes`);
}

describe('Pages: rate limit and bounded share images', function () {
  this.timeout(120_000);

  it('the 121st page request of a client within a minute is a 429 page; pages, crawler files and API share the budget', async () => {
    // One app, so one limiter, as in production.
    const api = agent({ config: { ...limited, frontendUrl: null } });
    const recruteur = await createRecruteur();
    const id = await createOffre(recruteur, { titre: 'Chauffeur poids lourd' });
    const page = (await api.get(`/emplois/${id}`).set('CF-Connecting-IP', freshIp()).expect(301)).headers
      .location as string;
    const client = freshIp();
    for (let n = 1; n <= STANDARD.points; n++) {
      const res = await api.get(page).set('CF-Connecting-IP', client);
      expect(res.status, `request ${n}`).to.equal(200);
      expect(res.headers['x-ratelimit-remaining']).to.equal(String(STANDARD.points - n));
    }
    expectHtml429(await api.get(page).set('CF-Connecting-IP', client));
    expectHtml429(await api.get(`/emplois/${id}/share.png`).set('CF-Connecting-IP', client));
    expectHtml429(await api.get('/emplois').set('CF-Connecting-IP', client));
    expect((await api.get('/robots.txt').set('CF-Connecting-IP', client)).status).to.equal(429);
    expect((await api.get('/sitemap.xml').set('CF-Connecting-IP', client)).status).to.equal(429);
    // The API's standard routes count in the same budget (and keep their bare JSON 429).
    const apiCall = await api.get('/v1/api/regions').set('CF-Connecting-IP', client);
    expect(apiCall.status).to.equal(429);
    expect(apiCall.headers['content-type']).to.match(/^application\/json/);
    // Another client is not concerned.
    const other = await api.get(page).set('CF-Connecting-IP', freshIp()).expect(200);
    expect(other.headers['x-ratelimit-remaining']).to.equal(String(STANDARD.points - 1));
  });

  it('a page’s 429 speaks English when asked', async () => {
    const api = agent({ config: { ...limited, frontendUrl: null } });
    const client = freshIp();
    for (let n = 1; n <= STANDARD.points; n++)
      await api.get('/robots.txt').set('CF-Connecting-IP', client).expect(200);
    const res = await api.get('/emplois?lang=en').set('CF-Connecting-IP', client).expect(429);
    expect(res.headers['content-language']).to.equal('en');
    expect(visibleText(res.text)).to.contain('Too many requests');
  });

  it('share images are drawn one at a time, at most SHARE_QUEUE waiting; more are refused at once', async () => {
    const card = { site: 'Recrutement', titre: 'Comptable', entreprise: 'Wouri', details: 'Douala - CDI' };
    const asked = Array.from({ length: SHARE_QUEUE + 4 }, () => shareImagePng(card));
    const settled = await Promise.allSettled(asked);
    const refused = settled.filter((s) => s.status === 'rejected');
    expect(settled.filter((s) => s.status === 'fulfilled')).to.have.length(SHARE_QUEUE + 1);
    expect(refused).to.have.length(3);
    for (const r of refused) expect((r as PromiseRejectedResult).reason).to.be.instanceOf(QueueFullError);
  });
});
