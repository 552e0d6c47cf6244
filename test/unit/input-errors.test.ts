/**
 * The domain's input refusals (domain/errors.ts, inputError) and their words (api/i18n/field-messages.ts):
 * each format a rule of the domain names is worded in both languages, and the plain details the
 * CLI and the logs show carry the problem as data.
 */
import { expect } from 'chai';
import { bilingual, inputError, InputError } from '../../domain/errors.ts';
import { fieldErrors } from '../../api/i18n/field-messages.ts';

/** Every `format` a rule of the domain gives (domain/errors.ts's InputCode comment). */
const DOMAIN_FORMATS = ['email', 'phone', 'mobile', 'json', 'slug', 'uri', 'redirectUri', 'image'];

describe('Input refusals of the domain (unit)', () => {
  it('words every format of the domain in French and in English, not as its key', () => {
    for (const format of DOMAIN_FORMATS)
      for (const lang of ['fr', 'en'] as const) {
        const [field] = fieldErrors([{ field: 'body.x', code: 'format', params: { format } }], lang);
        const unworded =
          lang === 'fr' ? `Format invalide ; attendu : ${format}` : `Invalid format; expected: ${format}`;
        expect(field.message, `${format} ${lang}`).not.to.equal(unworded);
        expect(field.message, `${format} ${lang}`).to.match(
          lang === 'fr' ? /^Format invalide ; attendu : / : /^Invalid format; expected: /,
        );
      }
  });

  it('is a VALIDATION_ERROR naming one field, its details the problem as data', () => {
    const err = inputError('Password too short', 'body.password', 'minLength', { limit: 8 });
    expect(err).to.be.instanceOf(InputError);
    expect(err.code).to.equal('VALIDATION_ERROR');
    expect(err.problems).to.deep.equal([{ field: 'body.password', code: 'minLength', params: { limit: 8 } }]);
    expect(err.details).to.equal('body.password: minLength (limit=8)');
    expect(inputError('Invalid sort', 'query.sort', 'enum', { allowedValues: ['a', 'b'] }).details).to.equal(
      'query.sort: enum (allowedValues=a|b)',
    );
    expect(inputError('Blank', 'body.nom', 'blank').details).to.equal('body.nom: blank');
    // An explanation in both languages: the details (CLI, logs) are its English, the API words it per answer.
    const mine = inputError('Mine', 'body.nom', 'blank', undefined, bilingual('mes mots', 'my words'));
    expect(mine.details).to.equal('my words');
    expect(mine.explanation?.('fr')).to.equal('mes mots');
  });

  it('words the codes of the domain with their parameters', () => {
    const [domain] = fieldErrors(
      [{ field: 'body.email', code: 'notOnDomain', params: { domain: 'a.cm' } }],
      'en',
    );
    expect(domain.message).to.equal('Must be an address ending with @a.cm');
    const [published] = fieldErrors([{ field: 'body.offreId', code: 'notPublished' }], 'fr');
    expect(published.message).to.equal('L’offre doit être publiée');
  });
});
