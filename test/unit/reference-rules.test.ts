/** Reference data (sectors, experience levels): names, and how fast a change reaches every process. */
import { expect } from 'chai';
import { cleanName, nameTaken } from '../../domain/reference/reference-names.ts';
import { REFERENCE_KINDS } from '../../domain/reference/reference-versions.ts';
import { CHECK_EVERY_MS } from '../../domain/reference/reference-cache.ts';
import { ConflictError, ValidationError } from '../../domain/errors.ts';

describe('Reference data rules (unit)', () => {
  it('a sector or level name is trimmed and must not be blank', () => {
    expect(cleanName('  Banque et assurance ')).to.equal('Banque et assurance');
    expect(() => cleanName('   ')).to.throw(ValidationError, 'Invalid name');
  });

  it('a name already used is a conflict naming it', () => {
    const err = nameTaken('Sector', 'BTP');
    expect(err).to.be.instanceOf(ConflictError);
    expect([err.code, err.message, err.details]).to.deep.equal([
      'CONFLICT',
      'Sector "BTP" already exists',
      'nom',
    ]);
  });

  it('geography, sectors, levels and blog categories each have a version; processes check them every second', () => {
    expect([...REFERENCE_KINDS]).to.deep.equal(['GEOGRAPHY', 'SECTORS', 'LEVELS', 'BLOG_CATEGORIES']);
    expect(CHECK_EVERY_MS).to.equal(1000);
  });
});
