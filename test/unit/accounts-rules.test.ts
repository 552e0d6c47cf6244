/** Accounts: how emails are compared and checked, and the language an account is written to in. */
import { expect } from 'chai';
import { normalizeEmail, requireEmail } from '../../domain/accounts/email-address.ts';
import { toLangue } from '../../domain/accounts/account-langue.ts';
import { InputError, ValidationError } from '../../domain/errors.ts';

describe('Account rules (unit)', () => {
  it('an email is compared as typed by a person: trimmed and lower-cased', () => {
    expect(normalizeEmail('  Aline.Mbarga@Example.CM ')).to.equal('aline.mbarga@example.cm');
  });

  it('an address needs one @, no space, and a dot in its domain', () => {
    expect(requireEmail(' A@B.cm ')).to.equal('a@b.cm');
    for (const bad of ['aline', 'aline@example', 'a b@example.cm', 'a@@example.cm', '@example.cm'])
      expect(() => requireEmail(bad), bad).to.throw(ValidationError, 'Invalid email address');
  });

  it('an address may have 254 characters; a longer one is refused, naming the field', () => {
    const long = `${'a'.repeat(64)}@${'b'.repeat(186)}.cm`;
    expect(long).to.have.length(254);
    expect(requireEmail(long)).to.equal(long);
    try {
      requireEmail(`a${long}a`, 'body.email');
      expect.fail('accepted');
    } catch (err) {
      expect((err as InputError).problems).to.deep.equal([
        { field: 'body.email', code: 'format', params: { format: 'email' } },
      ]);
    }
  });

  it('an account speaks English only when it says so; anything else is French', () => {
    expect(toLangue('en')).to.equal('en');
    for (const v of ['fr', 'EN', null, undefined, 'de']) expect(toLangue(v), String(v)).to.equal('fr');
  });
});
