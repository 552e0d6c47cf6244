/**
 * What carries offers outside the API: feeds, sitemaps, robots.txt, job postings (JSON-LD), offer
 * descriptions as text and HTML. The public face of the area: other areas import only this file.
 */
export { type FeedOffre, withPlaces } from './feed-offres.ts';
export { offresListPageUrl } from './page-languages.ts';
