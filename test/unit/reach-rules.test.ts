/**
 * Reach (feeds, sitemaps, JSON-LD, robots.txt): the addresses of pages, their languages, the salary
 * and date texts, and what crawlers may read.
 */
import { expect } from 'chai';
import { entreprisePageUrl, offrePageUrl, pageSlug } from '../../domain/shared/page-addresses.ts';
import { longDateOf, salaryText } from '../../domain/reach/offre-labels.ts';
import { endOfDayDouala } from '../../domain/reach/job-posting.ts';
import { robotsTxt } from '../../domain/reach/robots-txt.ts';
import { offresListPageUrl, pageAlternates, pageInLanguage } from '../../domain/reach/page-languages.ts';
import type { Ctx } from '../../domain/context.ts';

const api = { config: { publicUrl: 'https://api.example.cm', frontendUrl: null } } as unknown as Ctx;
const front = {
  config: { publicUrl: 'https://api.example.cm', frontendUrl: 'https://www.example.cm' },
} as unknown as Ctx;

describe('Addresses of public pages (unit)', () => {
  it('an offer’s page is /emplois/{id}-{slug of its title}; without the title, /emplois/{id} (which redirects)', () => {
    expect(offrePageUrl(api, 12, 'Comptable Sénior (H/F)')).to.equal(
      'https://api.example.cm/emplois/12-comptable-senior-h-f',
    );
    expect(offrePageUrl(api, 12)).to.equal('https://api.example.cm/emplois/12');
    expect(entreprisePageUrl(api, 3, 'Société Générale')).to.equal(
      'https://api.example.cm/entreprises/3-societe-generale',
    );
  });

  it('with a frontend, its own addresses, without slug', () => {
    expect(offrePageUrl(front, 12, 'Comptable')).to.equal('https://www.example.cm/offres/12');
    expect(entreprisePageUrl(front, 3, 'X')).to.equal('https://www.example.cm/entreprises/3');
    expect(offresListPageUrl(front)).to.equal('https://www.example.cm/offres');
    expect(offresListPageUrl(api)).to.equal('https://api.example.cm/emplois');
  });

  it('a page slug has at most 80 characters and never ends with a hyphen', () => {
    const slug = pageSlug(`${'a'.repeat(79)} bcd`);
    expect(slug).to.equal('a'.repeat(79));
    expect(pageSlug('Ingénieur génie civil')).to.equal('ingenieur-genie-civil');
    expect(pageSlug('???')).to.equal('n-a');
  });

  it('the API’s pages are French at their address and English with lang=en; French is the default', () => {
    expect(pageInLanguage(api, 'https://api.example.cm/emplois', 'en')).to.equal(
      'https://api.example.cm/emplois?lang=en',
    );
    expect(pageInLanguage(api, 'https://api.example.cm/emplois?page=2', 'en')).to.equal(
      'https://api.example.cm/emplois?page=2&lang=en',
    );
    expect(pageInLanguage(api, 'https://api.example.cm/emplois', 'fr')).to.equal(
      'https://api.example.cm/emplois',
    );
    expect(pageAlternates(api, 'https://api.example.cm/emplois/1')).to.deep.equal([
      { hreflang: 'fr', href: 'https://api.example.cm/emplois/1' },
      { hreflang: 'en', href: 'https://api.example.cm/emplois/1?lang=en' },
      { hreflang: 'x-default', href: 'https://api.example.cm/emplois/1' },
    ]);
  });

  it('a frontend’s languages are its own: no alternates, addresses unchanged', () => {
    expect(pageAlternates(front, 'https://www.example.cm/offres/1')).to.deep.equal([]);
    expect(pageInLanguage(front, 'https://www.example.cm/offres/1', 'en')).to.equal(
      'https://www.example.cm/offres/1',
    );
  });
});

describe('Texts around an offer (unit)', () => {
  it('a salary is monthly in XAF: a range, one bound alone, or nothing', () => {
    expect(salaryText(300000, 450000)).to.equal('300000 - 450000 XAF par mois');
    expect(salaryText(300000, null)).to.equal('300000 XAF par mois');
    expect(salaryText(null, 450000, 'en')).to.equal('450000 XAF per month');
    expect(salaryText(null, null)).to.equal('');
  });

  it('a deadline is written as a long date, the same day whatever the time zone', () => {
    expect(longDateOf('2099-06-30', 'fr')).to.equal('30 juin 2099');
    expect(longDateOf('2099-06-30', 'en')).to.equal('30 June 2099');
    expect(longDateOf('2026-01-01', 'fr')).to.equal('1 janvier 2026');
  });

  it('an offer is valid through the last second of its deadline, Cameroon time', () => {
    expect(endOfDayDouala('2026-12-31')).to.equal('2026-12-31T23:59:59+01:00');
    expect(new Date(endOfDayDouala('2026-12-31')).toISOString()).to.equal('2026-12-31T22:59:59.000Z');
  });
});

describe('What crawlers may read (unit)', () => {
  it('pages, feeds, partners’ sitemaps and files; not the rest of the API nor the docs; and where the sitemap is', () => {
    expect(robotsTxt(api)).to.equal(
      [
        'User-agent: *',
        'Allow: /v1/api/public/feeds/',
        'Allow: /v1/api/public/sitemaps/',
        'Allow: /v1/api/files/',
        'Disallow: /v1/api/',
        'Disallow: /docs',
        'Allow: /',
        '',
        'Sitemap: https://api.example.cm/sitemap.xml',
        '',
      ].join('\n'),
    );
  });
});
