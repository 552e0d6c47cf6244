/**
 * Apps that integrate with the platform (OAuth): which redirect addresses and scopes an app may
 * register, how its secret is checked, and which bearer tokens are the authorization server's.
 */
import { expect } from 'chai';
import {
  MAX_REDIRECT_URIS,
  checkRedirectUri,
  checkScopes,
  checkWebUrl,
  clientSecretMatches,
  hashClientSecret,
  newClientId,
  newClientSecret,
} from '../../domain/integrations/app-rules.ts';
import { API_SCOPES, isApiScope, scopeInWords } from '../../domain/integrations/scopes.ts';
import { looksLikeOAuthToken } from '../../domain/integrations/oauth-access.ts';
import { InputError } from '../../domain/errors.ts';

/** The field and code a rule refused, with its explanation when it gives one. */
const refusalOf = (run: () => unknown): { field: string; code: string; explanation?: string } => {
  try {
    run();
  } catch (err) {
    expect(err).to.be.instanceOf(InputError);
    const { problems, explanation } = err as InputError;
    return {
      field: problems[0].field,
      code: problems[0].code,
      ...(explanation ? { explanation: explanation('en') } : {}),
    };
  }
  throw new Error('accepted');
};
const detailsOf = (run: () => unknown): string => refusalOf(run).explanation ?? '';

describe('App registration rules (unit)', () => {
  it('a redirect address is an absolute https address, kept exactly as written', () => {
    expect(checkRedirectUri('https://app.example.cm/callback?x=1')).to.equal(
      'https://app.example.cm/callback?x=1',
    );
    expect(MAX_REDIRECT_URIS).to.equal(10);
  });

  it('plain http only for a developer’s own machine (localhost, 127.0.0.1, [::1])', () => {
    for (const uri of ['http://localhost:3000/cb', 'http://127.0.0.1/cb', 'http://[::1]:8080/cb'])
      expect(checkRedirectUri(uri), uri).to.equal(uri);
    expect(refusalOf(() => checkRedirectUri('http://app.example.cm/cb', 2))).to.deep.equal({
      field: 'body.redirectUris[2]',
      code: 'format',
      explanation: 'http://app.example.cm/cb must use https (http only for localhost)',
    });
  });

  it('no relative address, no fragment, no credentials, no other scheme', () => {
    expect(detailsOf(() => checkRedirectUri('/cb'))).to.equal('/cb is not an absolute URL');
    expect(detailsOf(() => checkRedirectUri('https://app.example.cm/cb#x'))).to.equal(
      'https://app.example.cm/cb#x must not have a fragment',
    );
    expect(detailsOf(() => checkRedirectUri('https://app.example.cm/cb#'))).to.contain(
      'must not have a fragment',
    );
    expect(detailsOf(() => checkRedirectUri('https://u:p@app.example.cm/cb'))).to.contain(
      'must not carry credentials',
    );
    expect(detailsOf(() => checkRedirectUri('myapp://cb'))).to.contain('must use https');
  });

  it('an app’s web site is optional, http or https, normalised', () => {
    expect(checkWebUrl('siteWeb', '')).to.equal(null);
    expect(checkWebUrl('siteWeb', null)).to.equal(null);
    expect(checkWebUrl('siteWeb', 'https://Example.cm')).to.equal('https://example.cm/');
    expect(refusalOf(() => checkWebUrl('body.website', 'ftp://example.cm'))).to.deep.equal({
      field: 'body.website',
      code: 'format',
    });
  });

  it('an app asks for at least one known API scope, each once', () => {
    expect(checkScopes(['offres:read', 'offres:read', 'company:read'])).to.deep.equal([
      'offres:read',
      'company:read',
    ]);
    expect(refusalOf(() => checkScopes(['offres:read', 'admin', 'openid']))).to.deep.equal({
      field: 'body.scopes[1]',
      code: 'enum',
      explanation: 'not API scopes: admin, openid',
    });
    expect(refusalOf(() => checkScopes([]))).to.deep.equal({ field: 'body.scopes', code: 'minItems' });
  });

  it('every API scope is said in words in French and English on the consent page', () => {
    for (const scope of API_SCOPES) {
      expect(isApiScope(scope)).to.equal(true);
      expect(scopeInWords(scope, 'fr'), scope).not.to.equal(scope);
      expect(scopeInWords(scope, 'en'), scope).not.to.equal(scope);
    }
    expect(scopeInWords('offline_access', 'en')).to.equal('Keep this access while you are signed out');
    expect(scopeInWords('unknown:scope', 'fr')).to.equal('unknown:scope');
  });
});

describe('App credentials and tokens (unit)', () => {
  it('a client id starts with app_; a client secret is 256 random bits of which only the SHA-256 is kept', () => {
    expect(newClientId()).to.match(/^app_[A-Za-z0-9_-]{16}$/);
    const { secret, hash } = newClientSecret();
    expect(secret).to.match(/^[A-Za-z0-9_-]{43}$/);
    expect(hash).to.equal(hashClientSecret(secret));
    expect(hashClientSecret('abc')).to.equal(
      'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
    );
  });

  it('the secret presented matches its hash, and only its hash', () => {
    const { secret, hash } = newClientSecret();
    expect(clientSecretMatches(hash, secret)).to.equal(true);
    expect(clientSecretMatches(hash, `${secret}x`)).to.equal(false);
    expect(clientSecretMatches(null, secret)).to.equal(false);
  });

  it('the authorization server’s tokens are opaque (20 to 200 URL-safe characters, no dot); our own are JWTs', () => {
    expect(looksLikeOAuthToken('a'.repeat(20))).to.equal(true);
    expect(looksLikeOAuthToken('A_b-9'.repeat(40))).to.equal(true);
    expect(looksLikeOAuthToken('a'.repeat(19))).to.equal(false);
    expect(looksLikeOAuthToken('a'.repeat(201))).to.equal(false);
    expect(looksLikeOAuthToken('eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl')).to.equal(false);
    expect(looksLikeOAuthToken(`${'a'.repeat(20)}+/=`)).to.equal(false);
  });
});
