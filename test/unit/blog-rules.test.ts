/** The blog: article slugs, required texts, and when readers' reports hide a comment. */
import { expect } from 'chai';
import { checkSlugShape, SLUG_MAX_LENGTH } from '../../domain/blog/article-slug.ts';
import { optionalText, requiredText } from '../../domain/blog/article-fields.ts';
import { FLAG_THRESHOLD, reportFlagsComment } from '../../domain/blog/comment-flag.ts';
import { ValidationError } from '../../domain/errors.ts';

describe('Blog rules (unit)', () => {
  it('a slug is lowercase letters and digits joined by single hyphens', () => {
    for (const slug of ['mon-article-2', 'emploi', '2026-bilan'])
      expect(checkSlugShape(slug), slug).to.equal(slug);
  });

  it('capitals, accents, spaces, double, leading or trailing hyphens are refused', () => {
    for (const slug of ['Mon-article', 'été', 'mon article', 'mon--article', '-article', 'article-', ''])
      expect(() => checkSlugShape(slug), JSON.stringify(slug)).to.throw(ValidationError, 'Invalid slug');
  });

  it('a slug has at most 200 characters', () => {
    expect(SLUG_MAX_LENGTH).to.equal(200);
    expect(checkSlugShape('a'.repeat(200))).to.have.length(200);
    expect(() => checkSlugShape('a'.repeat(201))).to.throw(ValidationError);
  });

  it('a required text is trimmed and must not be blank, naming the field', () => {
    expect(requiredText('  Titre  ', 'titre')).to.equal('Titre');
    expect(() => requiredText('   ', 'titre')).to.throw(ValidationError, 'Invalid titre');
  });

  it('an optional text is trimmed, and blank means none', () => {
    expect(optionalText('  Résumé ')).to.equal('Résumé');
    expect(optionalText('  ')).to.equal(null);
    expect(optionalText(undefined)).to.equal(null);
    expect(optionalText(null)).to.equal(null);
  });

  it('a comment is hidden and flagged by its 4th report (more than 3)', () => {
    expect(FLAG_THRESHOLD).to.equal(3);
    expect([1, 2, 3, 4, 5].map((n) => reportFlagsComment(n, false))).to.deep.equal([
      false,
      false,
      false,
      true,
      true,
    ]);
  });

  it('a comment already hidden is not flagged again: the administrators hear of it once', () => {
    expect(reportFlagsComment(4, true)).to.equal(false);
    expect(reportFlagsComment(9, true)).to.equal(false);
  });
});
