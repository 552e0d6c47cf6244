/**
 * The screenshots README.md shows in "Public pages": `node --import tsx docs/screenshots.ts`.
 *
 * Seeds the demo data set in a scratch database, starts the API in-process without FRONTEND_URL,
 * and, in the headless Chromium of the page tests (test/helpers/browser.ts):
 * - docs/offer-page.png: an offer page at a phone's width (360 px), the whole page;
 * - docs/offer-share-card.png: the preview a chat app shows when that page's link is shared, drawn
 *   in a small local mock of a WhatsApp message from the page's own Open Graph tags (og:site_name,
 *   og:title, og:description, og:image, fetched from the API) as the browser read them.
 * Both are re-encoded as palette PNGs by sharp to stay small.
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import type { Page } from 'playwright-core';
import { createKnex, dropDatabase } from '../lib/db.ts';
import { seedDemoData } from '../seeds/demo.ts';
import { startBenchApi } from '../bench/lib/api-server.ts';
import { benchDatabaseUrl, migrateAndSeed, recreateDatabase } from '../bench/lib/database.ts';
import { launchChromium } from '../test/helpers/browser.ts';

const DATABASE_URL = benchDatabaseUrl('recrutement_docs_screenshots');
const SHOWN_URL = 'https://emplois.example.cm';
const OUT = (name: string) => fileURLToPath(new URL(name, import.meta.url));

interface OpenGraph {
  siteName: string;
  title: string;
  description: string;
  image: string;
  url: string;
}

/** A phone's chat screen with one sent message: the link and its preview card, filled by text only. */
const CHAT_MOCK = `<!doctype html><html lang="fr"><head><meta charset="utf-8"><style>
  body { margin: 0; background: #efeae2; font: 15px/1.35 sans-serif; color: #111b21; }
  .bar { background: #008069; color: #fff; padding: 14px 16px; font-weight: bold; }
  .chat { padding: 16px 10px 24px; display: flex; justify-content: flex-end; }
  .bubble { background: #d9fdd3; border-radius: 8px; padding: 4px; max-width: 300px; box-shadow: 0 1px 1px #0002; }
  .card { background: #c8ecc2; border-radius: 6px; overflow: hidden; }
  .card img { display: block; width: 100%; aspect-ratio: 1200 / 630; object-fit: cover; }
  .meta { padding: 6px 10px 8px; }
  .title { font-weight: bold; display: -webkit-box; -webkit-line-clamp: 2; -webkit-box-orient: vertical; overflow: hidden; }
  .desc { color: #54656f; font-size: 13px; display: -webkit-box; -webkit-line-clamp: 2; -webkit-box-orient: vertical; overflow: hidden; }
  .site { color: #667781; font-size: 12px; margin-top: 2px; }
  .text { padding: 6px 6px 0; color: #027eb5; word-break: break-all; }
  .time { text-align: right; color: #667781; font-size: 11px; padding: 0 6px 2px; }
</style></head><body>
  <div class="bar">Groupe emploi Douala</div>
  <div class="chat"><div class="bubble">
    <div class="card"><img alt=""><div class="meta"><div class="title"></div><div class="desc"></div><div class="site"></div></div></div>
    <div class="text"></div><div class="time">10:42 ✓✓</div>
  </div></div>
</body></html>`;

/**
 * Fills the mock with text only (textContent: an offer's title stays text). A string, evaluated in
 * the page as is: tsx would wrap a function's inner functions in a helper the page does not have.
 */
const FILL_CARD = `({ og, dataUrl }) => {
  document.querySelector('.title').textContent = og.title;
  document.querySelector('.desc').textContent = og.description;
  document.querySelector('.site').textContent = og.siteName;
  document.querySelector('.text').textContent = og.url;
  const img = document.querySelector('img');
  img.src = dataUrl;
  return img.decode();
}`;

/** The Open Graph tags of the page open in `page`, as the browser parsed them. */
async function openGraphOf(page: Page): Promise<OpenGraph> {
  const tag = (property: string) =>
    page.$eval(`meta[property="${property}"]`, (el) => el.getAttribute('content') ?? '');
  return {
    siteName: await tag('og:site_name'),
    title: await tag('og:title'),
    description: await tag('og:description'),
    image: await tag('og:image'),
    url: await tag('og:url'),
  };
}

/** A screenshot re-encoded as a palette PNG (a few tens of KB). */
async function writeSmallPng(file: string, png: Buffer): Promise<void> {
  const small = await sharp(png).png({ palette: true, compressionLevel: 9, effort: 10 }).toBuffer();
  writeFileSync(file, small);
  process.stdout.write(`${file}: ${(small.length / 1024).toFixed(1)} KB\n`);
}

/** A published demo offer with a salary and skills, the same on every fresh database. */
async function chosenOffre(knex: ReturnType<typeof createKnex>): Promise<number> {
  const row = (await knex('offres')
    .where({ status: 'PUBLISHED' })
    .whereNotNull('salaireMin')
    .whereRaw('CHAR_LENGTH(titre) BETWEEN 20 AND 45')
    .orderBy('id')
    .first('id')) as { id: number } | undefined;
  if (!row) throw new Error('no demo offer to show');
  return row.id;
}

async function main(): Promise<void> {
  await recreateDatabase(DATABASE_URL);
  const knex = createKnex(DATABASE_URL, { min: 1, max: 4 });
  const browser = await launchChromium();
  try {
    await migrateAndSeed(knex);
    await seedDemoData(knex);
    const id = await chosenOffre(knex);
    // The address the links show (og:url); the script reads the pages from the server itself.
    const { server } = await startBenchApi(knex, DATABASE_URL, { PUBLIC_URL: SHOWN_URL });
    try {
      const page = await browser.context.newPage();
      await page.setViewportSize({ width: 360, height: 740 });
      await page.goto(`${server.url}/emplois/${id}`, { waitUntil: 'load' });
      await writeSmallPng(OUT('offer-page.png'), await page.screenshot({ fullPage: true }));

      const og = await openGraphOf(page);
      // The image as the chat app fetches it, from our API (the mock page itself loads nothing).
      const image = await fetch(`${server.url}${new URL(og.image).pathname}`);
      if (!image.ok) throw new Error(`og:image answered ${image.status}`);
      const type = image.headers.get('content-type') ?? 'image/png';
      const dataUrl = `data:${type};base64,${Buffer.from(await image.arrayBuffer()).toString('base64')}`;
      // A blank page first: setContent on the offer page would keep its CSP (images from itself only).
      await page.goto('about:blank');
      await page.setViewportSize({ width: 360, height: 420 });
      await page.setContent(CHAT_MOCK);
      await page.evaluate(`(${FILL_CARD})(${JSON.stringify({ og, dataUrl })})`);
      await writeSmallPng(OUT('offer-share-card.png'), await page.screenshot({ fullPage: true }));
    } finally {
      await server.close();
    }
  } finally {
    await browser.close();
    await knex.destroy();
    await dropDatabase(DATABASE_URL);
  }
}

await main();
