/** Offers: how many a plan may publish at once, how skills are cleaned, and how lists are sorted. */
import { expect } from 'chai';
import { PUBLISHED_OFFRES_QUOTA } from '../../domain/offre-lifecycle/index.ts';
import { MAX_COMPETENCES, normalizeCompetences } from '../../domain/offres/offre-input.ts';
import { MY_OFFRE_SORTS } from '../../domain/offres/list-my-offres.ts';
import { PUBLIC_OFFRE_SORTS } from '../../domain/offres/list-public-offres.ts';
import { ValidationError } from '../../domain/errors.ts';

describe('Offer rules (unit)', () => {
  it('published offers at once: 1 for GRATUIT, 5 for ESSENTIEL, 20 for PRO, no limit for ENTREPRISE', () => {
    expect(PUBLISHED_OFFRES_QUOTA).to.deep.equal({
      GRATUIT: 1,
      ESSENTIEL: 5,
      PRO: 20,
      ENTREPRISE: Number.POSITIVE_INFINITY,
    });
  });

  it('a company may publish while it has fewer published offers than its quota (archived ones do not count)', () => {
    // publish-offre.ts refuses with PLAN_QUOTA_EXCEEDED when published >= quota.
    const mayPublish = (plan: keyof typeof PUBLISHED_OFFRES_QUOTA, published: number) =>
      published < PUBLISHED_OFFRES_QUOTA[plan];
    expect(mayPublish('GRATUIT', 0)).to.equal(true);
    expect(mayPublish('GRATUIT', 1)).to.equal(false);
    expect(mayPublish('ESSENTIEL', 4)).to.equal(true);
    expect(mayPublish('PRO', 20)).to.equal(false);
    expect(mayPublish('ENTREPRISE', 100_000)).to.equal(true);
  });

  it('skills are trimmed, inner spaces collapsed, blanks dropped, and each kept once whatever its case', () => {
    expect(
      normalizeCompetences(['  Node.js ', 'SQL', 'node.JS', '', '   ', 'Gestion   de  projet']),
    ).to.deep.equal(['Node.js', 'SQL', 'Gestion de projet']);
    expect(normalizeCompetences(null)).to.deep.equal([]);
    expect(normalizeCompetences(undefined)).to.deep.equal([]);
  });

  it('an offer lists at most 30 skills, counted after de-duplication', () => {
    expect(MAX_COMPETENCES).to.equal(30);
    const thirty = Array.from({ length: 30 }, (_, i) => `skill ${i}`);
    expect(normalizeCompetences([...thirty, 'SKILL 0'])).to.have.length(30);
    expect(() => normalizeCompetences([...thirty, 'one more'])).to.throw(
      ValidationError,
      'Too many competences',
    );
  });

  it('a recruiter sorts its offers by dates, title or status; the public may also sort by salary, never by status', () => {
    expect(Object.keys(MY_OFFRE_SORTS)).to.include.members([
      'createdAt',
      'publishedAt',
      'deadline',
      'titre',
      'status',
    ]);
    expect(Object.keys(PUBLIC_OFFRE_SORTS)).to.include.members([
      'publishedAt',
      'deadline',
      'salaireMin',
      'salaireMax',
    ]);
    expect(Object.keys(PUBLIC_OFFRE_SORTS)).not.to.include('status');
  });
});
