/**
 * robots.txt at the root of the API's address: crawlers may read the pages, the feeds and the
 * files, not the rest of the API (accounts, searches, JSON answers: nothing to index, and every
 * call costs), and are told where the sitemap index is.
 */
import type { Ctx } from '../context.ts';

/**
 * The API paths worth crawling: the feeds, the partners' sitemaps, and the files (company logos are
 * the pages' images and share images; a private file answers 401 to a crawler anyway). The longest
 * matching rule wins, so these Allow lines beat `Disallow: /v1/api/`.
 */
const CRAWLABLE_API = ['/v1/api/public/feeds/', '/v1/api/public/sitemaps/', '/v1/api/files/'];

export function robotsTxt(ctx: Ctx): string {
  return [
    'User-agent: *',
    ...CRAWLABLE_API.map((path) => `Allow: ${path}`),
    'Disallow: /v1/api/',
    'Disallow: /docs',
    'Allow: /',
    '',
    `Sitemap: ${ctx.config.publicUrl}/sitemap.xml`,
    '',
  ].join('\n');
}
