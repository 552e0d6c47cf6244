import { readFileSync } from 'node:fs';
import { expect } from 'chai';
import { fingerprintLine, openApiFingerprint } from '../../api/openapi-fingerprint.ts';

describe('OpenAPI document: byte for byte what docs/openapi.sha256 says', () => {
  it('is unchanged, or its change is deliberate (npm run openapi:fingerprint, committed with it)', () => {
    const expected = readFileSync(new URL('../../docs/openapi.sha256', import.meta.url), 'utf8');
    expect(fingerprintLine(openApiFingerprint())).to.equal(
      expected,
      'The OpenAPI document changed. If the API changed on purpose, run `npm run openapi:fingerprint` ' +
        'and commit docs/openapi.sha256 with the change; if not, the change touched the API by mistake.',
    );
  });

  it('tells one byte apart', () => {
    const one = openApiFingerprint();
    expect(one.sha256).to.match(/^[0-9a-f]{64}$/);
    expect(fingerprintLine({ ...one, bytes: one.bytes + 1 })).to.not.equal(fingerprintLine(one));
  });
});
