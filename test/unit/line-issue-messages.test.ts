/** Line issues of talent-pool imports: codes with parameters, their sentences in French and English. */
import { expect } from 'chai';
import { LINE_ISSUE_MESSAGES, lineIssueMessage } from '../../domain/viviers/line-issue-messages.ts';
import { checkPoolMember } from '../../domain/viviers/pool-member.ts';

const SAMPLE = { value: 'x@y', max: 100, tag: 'java', domain: 'xn--e-9ga.cm', numbers: '+237677445566' };

describe('Line issues of a pool import (unit)', () => {
  it('every code has a French and an English sentence, with its parameters filled in', () => {
    for (const code of Object.keys(LINE_ISSUE_MESSAGES)) {
      for (const langue of ['fr', 'en'] as const) {
        const text = lineIssueMessage(
          { code, params: { ...SAMPLE, problem: 'TEXT_TOO_LONG' }, column: 'nom' },
          langue,
        );
        expect(text, `${code} ${langue}`).to.be.a('string').and.not.equal('');
        expect(text, `${code} ${langue}`).not.to.match(/undefined|\[object/);
      }
      const fr = lineIssueMessage({ code, params: SAMPLE, column: 'nom' }, 'fr');
      const en = lineIssueMessage({ code, params: SAMPLE, column: 'nom' }, 'en');
      expect(fr, code).not.to.equal(en);
    }
  });

  it('a value left out says why, in each language', () => {
    const issue = {
      code: 'NOM_LEFT_OUT',
      params: { problem: 'TEXT_TOO_LONG', max: 100 },
      column: 'nom' as const,
    };
    expect(lineIssueMessage(issue, 'en')).to.equal('nom is longer than 100 characters: left out');
    expect(lineIssueMessage(issue, 'fr')).to.equal('nom dépasse 100 caractères : valeur ignorée');
    const tags = {
      code: 'TAGS_LEFT_OUT',
      params: { problem: 'TAGS_TOO_MANY', max: 20 },
      column: 'tags' as const,
    };
    expect(lineIssueMessage(tags, 'fr')).to.equal('20 tags au plus : valeur ignorée');
  });

  it('an issue stored before codes, or with a code the catalogue lacks, shows its own text', () => {
    expect(lineIssueMessage({ message: 'invalid email "x"' }, 'fr')).to.equal('invalid email "x"');
    expect(lineIssueMessage({ code: 'PHONE_INVALID', message: 'old text' }, 'fr')).to.equal('old text');
    expect(lineIssueMessage({ code: 'SOMETHING_NEW', params: {}, message: 'its text' }, 'en')).to.equal(
      'its text',
    );
    expect(lineIssueMessage({ code: 'constructor', params: {} }, 'en')).to.equal('constructor');
  });

  it('checkPoolMember answers codes: an error in a form, a warning (person kept) in an import', () => {
    expect(checkPoolMember({ email: '' })).to.deep.equal({
      error: { code: 'EMAIL_MISSING', params: {}, column: 'email' },
    });
    expect(checkPoolMember({ email: 'a@example.cm', telephone: 'abc' })).to.deep.equal({
      error: { code: 'TELEPHONE_INVALID', params: { value: 'abc' }, column: 'telephone' },
    });
    expect(checkPoolMember({ email: 'a@example.cm', nom: 'N'.repeat(101) })).to.deep.equal({
      error: { code: 'TEXT_TOO_LONG', params: { max: 100 }, column: 'nom' },
    });
    const imported = checkPoolMember(
      { email: ' <Aline@Exemple.cm> ', nom: 'N'.repeat(101), telephone: '699112233 / 677445566' },
      'import',
    );
    expect(imported).to.deep.equal({
      member: {
        email: 'aline@exemple.cm',
        nom: null,
        prenom: null,
        telephone: '+237699112233',
        tags: [],
        notes: 'Autre téléphone : +237677445566',
      },
      warnings: [
        { code: 'EMAIL_BRACKETS_REMOVED', params: { value: '<Aline@Exemple.cm>' }, column: 'email' },
        { code: 'NOM_LEFT_OUT', params: { problem: 'TEXT_TOO_LONG', max: 100 }, column: 'nom' },
        {
          code: 'PHONE_SECOND_NUMBER_IN_NOTES',
          params: { value: '699112233 / 677445566', numbers: '+237677445566' },
          column: 'telephone',
        },
      ],
    });
  });
});
