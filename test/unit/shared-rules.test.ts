/**
 * Rules every area shares: the Cameroon calendar, pagination and sort allow-lists, slugs and text
 * folding, the literal `q` filter, and salary columns read from the driver.
 */
import { expect } from 'chai';
import { localDate, CAMEROON_TIME_ZONE } from '../../domain/shared/local-date.ts';
import {
  DEFAULT_PAGE_SIZE,
  MAX_PAGE_SIZE,
  pageRequest,
  pageOf,
  emptyPage,
} from '../../domain/shared/pagination.ts';
import { foldAccents, normalizeText, slugify, editDistance } from '../../domain/shared/text.ts';
import { containsPattern } from '../../domain/shared/like-pattern.ts';
import { numberOrNull } from '../../domain/shared/db-numbers.ts';
import { InputError, ValidationError } from '../../domain/errors.ts';

function refusal(run: () => unknown): ValidationError {
  try {
    run();
  } catch (err) {
    expect(err).to.be.instanceOf(ValidationError);
    return err as ValidationError;
  }
  throw new Error('accepted');
}

describe('The Cameroon calendar (unit)', () => {
  it('the platform’s day is the day in Africa/Douala (UTC+1, no daylight saving)', () => {
    expect(CAMEROON_TIME_ZONE).to.equal('Africa/Douala');
    expect(localDate(new Date('2026-06-30T22:59:59Z'))).to.equal('2026-06-30');
    expect(localDate(new Date('2026-06-30T23:00:00Z'))).to.equal('2026-07-01');
    expect(localDate(new Date('2026-12-31T23:30:00Z'))).to.equal('2027-01-01');
  });

  it('the same instant in winter and summer: Cameroon does not change its clocks', () => {
    expect(localDate(new Date('2026-01-15T23:00:00Z'))).to.equal('2026-01-16');
    expect(localDate(new Date('2026-07-15T23:00:00Z'))).to.equal('2026-07-16');
  });

  it('another time zone can be asked for', () => {
    expect(localDate(new Date('2026-06-30T23:30:00Z'), 'UTC')).to.equal('2026-06-30');
    expect(localDate(new Date('2026-06-30T23:30:00Z'), 'Asia/Tokyo')).to.equal('2026-07-01');
  });

  it('answers each instant, whatever the instant asked before (a clock may go back, zones are kept apart)', () => {
    expect(localDate(new Date('2026-06-30T22:59:00.000Z'))).to.equal('2026-06-30');
    expect(localDate(new Date('2026-06-30T22:59:59.999Z'))).to.equal('2026-06-30');
    expect(localDate(new Date('2026-06-30T23:00:00.000Z'))).to.equal('2026-07-01');
    expect(localDate(new Date('2026-06-30T23:00:00.000Z'), 'UTC')).to.equal('2026-06-30');
    expect(localDate(new Date('2026-06-30T22:59:59.999Z'))).to.equal('2026-06-30');
    expect(localDate(new Date('2025-01-01T12:00:00Z'))).to.equal('2025-01-01');
  });
});

describe('Pagination and sorting of lists (unit)', () => {
  const SORTS = { createdAt: 'o.created_at', titre: 'o.titre' };

  it('without parameters: the first page (0) of 20, in the list’s default order', () => {
    const def = [{ column: 'o.created_at', direction: 'desc' as const }];
    expect(pageRequest({}, SORTS, def)).to.deep.equal({ page: 0, size: DEFAULT_PAGE_SIZE, sort: def });
    expect(DEFAULT_PAGE_SIZE).to.equal(20);
  });

  it('a size over 100 is silently capped at 100', () => {
    expect(MAX_PAGE_SIZE).to.equal(100);
    expect(pageRequest({ size: 500 }, SORTS).size).to.equal(100);
    expect(pageRequest({ size: '100' }, SORTS).size).to.equal(100);
    expect(pageRequest({ size: '7', page: '3' }, SORTS)).to.include({ page: 3, size: 7 });
  });

  it('a negative or fractional page, or a size below 1, is refused', () => {
    expect(refusal(() => pageRequest({ page: -1 }, SORTS)).message).to.equal('Invalid page');
    expect(refusal(() => pageRequest({ page: '1.5' }, SORTS)).message).to.equal('Invalid page');
    expect(refusal(() => pageRequest({ size: 0 }, SORTS)).message).to.equal('Invalid size');
    expect(refusal(() => pageRequest({ size: 'ten' }, SORTS)).message).to.equal('Invalid size');
  });

  it('sort is `field,asc|desc`, ascending by default, repeatable, mapped to the list’s own columns', () => {
    expect(pageRequest({ sort: 'titre' }, SORTS).sort).to.deep.equal([
      { column: 'o.titre', direction: 'asc' },
    ]);
    expect(pageRequest({ sort: ['createdAt,DESC', 'titre, asc'] }, SORTS).sort).to.deep.equal([
      { column: 'o.created_at', direction: 'desc' },
      { column: 'o.titre', direction: 'asc' },
    ]);
  });

  it('a field outside the allow-list is refused, naming the allowed ones, so user text never reaches SQL', () => {
    const problemsOf = (sort: string) => (refusal(() => pageRequest({ sort }, SORTS)) as InputError).problems;
    expect(problemsOf('password')).to.deep.equal([
      { field: 'query.sort', code: 'enum', params: { allowedValues: ['createdAt', 'titre'] } },
    ]);
    expect(refusal(() => pageRequest({ sort: 'toString' }, SORTS)).message).to.equal('Invalid sort');
    expect(problemsOf('titre,sideways')).to.deep.equal([
      { field: 'query.sort', code: 'enum', params: { allowedValues: ['asc', 'desc'] } },
    ]);
  });

  it('a page says its number, size, total and number of pages (rounded up)', () => {
    const req = pageRequest({ page: 2, size: 20 }, SORTS);
    expect(pageOf(['a'], 41, req).page).to.deep.equal({
      size: 20,
      number: 2,
      totalElements: 41,
      totalPages: 3,
    });
    expect(pageOf([], 40, req).page.totalPages).to.equal(2);
    expect(emptyPage(req)).to.deep.equal({
      content: [],
      page: { size: 20, number: 2, totalElements: 0, totalPages: 0 },
    });
  });
});

describe('Text folding, slugs and edit distance (unit)', () => {
  it('accents are folded, case lowered, and anything but letters and digits becomes one space', () => {
    expect(foldAccents('Électricité Générale')).to.equal('Electricite Generale');
    expect(normalizeText("  Chargé(e) d'études -- BTP  ")).to.equal('charge e d etudes btp');
  });

  it('a slug is the normalised text with hyphens, at most 200 characters, "n-a" when nothing is left', () => {
    expect(slugify('Développeur Node.js (H/F) à Douala')).to.equal('developpeur-node-js-h-f-a-douala');
    expect(slugify('!!!')).to.equal('n-a');
    expect(slugify('a'.repeat(250))).to.have.length(200);
  });

  it('edit distance counts insertions, deletions and substitutions', () => {
    expect(editDistance('chauffeur', 'chauffer')).to.equal(1);
    expect(editDistance('comptable', 'comptabel')).to.equal(2);
    expect(editDistance('', 'abc')).to.equal(3);
    expect(editDistance('same', 'same')).to.equal(0);
  });

  it('past the allowed distance it stops early and answers max + 1', () => {
    expect(editDistance('developpeur', 'comptable', 2)).to.equal(3);
    expect(editDistance('a', 'abcdef', 2)).to.equal(3);
  });
});

describe('The q filter of lists (unit)', () => {
  it('looks for the text anywhere, trimmed, with %, _ and \\ taken literally', () => {
    expect(containsPattern('  dupont ')).to.equal('%dupont%');
    expect(containsPattern('100%')).to.equal('%100\\%%');
    expect(containsPattern('a_b\\c')).to.equal('%a\\_b\\\\c%');
  });
});

describe('Salary columns read from the driver (unit)', () => {
  it('big integers given as text become numbers; NULL stays null', () => {
    expect(numberOrNull('250000')).to.equal(250000);
    expect(numberOrNull(0)).to.equal(0);
    expect(numberOrNull(null)).to.equal(null);
  });
});
