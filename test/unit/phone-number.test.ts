import { expect } from 'chai';
import { phoneField, toE164 } from '../../domain/shared/phone-number.ts';

describe('Phone numbers (unit)', () => {
  it('accepts the common Cameroonian writings and answers E.164', () => {
    for (const raw of [
      '699 99 99 99',
      '6 99 99 99 99',
      '699999999',
      '+237 699 99 99 99',
      '00237699999999',
      '(+237) 699-99-99-99',
      '699.99.99.99',
    ])
      expect(toE164(raw), raw).to.equal('+237699999999');
    expect(toE164('222 23 45 67')).to.equal('+237222234567');
    expect(toE164('+33 6 12 34 56 78')).to.equal('+33612345678');
    expect(toE164('0033 6 12 34 56 78')).to.equal('+33612345678');
  });

  it('refuses what is not a phone number', () => {
    for (const raw of [
      '12345',
      '599 99 99 99',
      '799999999',
      '6999',
      'abc',
      '+237 6999',
      '++237699999999',
      '0699999999999',
    ])
      expect(toE164(raw), raw).to.equal(null);
  });

  it('an invalid field is a 400 naming it; a blank one is no number', () => {
    expect(() => phoneField('abc', 'body.telephone'))
      .to.throw(/Invalid phone number/)
      .with.property('details')
      .that.contains('body.telephone');
    expect(phoneField('  ', 'body.telephone')).to.equal(null);
    expect(phoneField(null, 'body.telephone')).to.equal(null);
  });
});
