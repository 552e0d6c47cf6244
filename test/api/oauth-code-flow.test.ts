/**
 * The authorization code flow with PKCE, driven by openid-client (a client library we did not
 * write) through the real sign-in and consent pages: discovery, ID token and nonce, state, refresh
 * rotation and reuse detection, the pages' protections.
 */
import { expect } from 'chai';
import * as oidc from 'openid-client';
import { createRecruteur } from '../helpers/factories.ts';
import {
  authorizeThroughPages,
  Browser,
  CALLBACK,
  clientConfig,
  codeFlow,
  registerApp,
  startOAuthServer,
  type OAuthTestServer,
} from '../helpers/oauth.ts';

describe('OAuth: authorization code flow with PKCE', function () {
  this.timeout(120_000);
  let srv: OAuthTestServer;

  before(async () => {
    srv = await startOAuthServer();
  });
  after(() => srv.close());

  it('publishes discovery and a JWKS the client library accepts', async () => {
    const owner = await createRecruteur();
    const app = await registerApp(srv, owner);
    const config = await clientConfig(srv, app);
    const meta = config.serverMetadata();
    expect(meta.issuer).to.equal(srv.issuer);
    expect(meta.code_challenge_methods_supported).to.deep.equal(['S256']);
    expect(meta.grant_types_supported).to.include.members([
      'authorization_code',
      'refresh_token',
      'client_credentials',
    ]);
    expect(meta.introspection_endpoint).to.equal(`${srv.issuer}/token/introspection`);
    expect(meta.revocation_endpoint).to.equal(`${srv.issuer}/token/revocation`);
    expect(meta.scopes_supported).to.include.members(['offres:read', 'webhooks:manage', 'company:read']);
    const jwks = (await (await fetch(meta.jwks_uri!)).json()) as { keys: Record<string, unknown>[] };
    expect(jwks.keys).to.have.length(1);
    expect(jwks.keys[0]).to.include({ kty: 'EC', crv: 'P-256', use: 'sig', alg: 'ES256' });
    expect(jwks.keys[0]).to.not.have.property('d');
  });

  it('signs a recruiter in, asks consent, and issues tokens that call the API for its company', async () => {
    const owner = await createRecruteur();
    const app = await registerApp(srv, owner);
    const recruteur = await createRecruteur();
    const { tokens } = await codeFlow(srv, app, recruteur);
    expect(tokens.token_type.toLowerCase()).to.equal('bearer');
    expect(tokens.scope?.split(' ')).to.include.members(['openid', 'offline_access', 'offres:read']);
    expect(tokens.refresh_token).to.be.a('string');
    expect(tokens.claims()?.sub).to.equal(String(recruteur.id));
    const res = await srv.request
      .get('/v1/api/recruiters/me/offres')
      .set('Authorization', `Bearer ${tokens.access_token}`);
    expect(res.status, JSON.stringify(res.body)).to.equal(200);
  });

  it('rotates the refresh token at each use, and a reused one revokes the whole grant', async () => {
    const owner = await createRecruteur();
    const app = await registerApp(srv, owner);
    const { config, tokens } = await codeFlow(srv, app, owner);
    const first = tokens.refresh_token!;
    const second = await oidc.refreshTokenGrant(config, first);
    expect(second.refresh_token).to.be.a('string').and.not.equal(first);
    const api = (t: string) =>
      srv.request.get('/v1/api/recruiters/me/offres').set('Authorization', `Bearer ${t}`);
    expect((await api(second.access_token)).status).to.equal(200);
    // The first refresh token again: theft suspected, the grant and all its tokens go.
    const reuse = await oidc.refreshTokenGrant(config, first).catch((e: unknown) => e);
    expect(reuse).to.be.instanceOf(oidc.ResponseBodyError);
    expect((reuse as oidc.ResponseBodyError).error).to.equal('invalid_grant');
    const revoked = await api(second.access_token);
    expect(revoked.status).to.equal(401);
    expect(revoked.body.error.code).to.equal('TOKEN_INVALID');
    const later = await oidc.refreshTokenGrant(config, second.refresh_token!).catch((e: unknown) => e);
    expect((later as oidc.ResponseBodyError).error).to.equal('invalid_grant');
  });

  it('refuses a public client without PKCE, or with the plain method (no downgrade)', async () => {
    const owner = await createRecruteur();
    const app = await registerApp(srv, owner, { clientType: 'public' });
    const config = await clientConfig(srv, app);
    const browser = new Browser(srv.url);
    const base = { redirect_uri: CALLBACK, scope: 'openid offres:read', state: oidc.randomState() };
    const attempts: Record<string, string>[] = [
      {},
      { code_challenge: 'a'.repeat(43), code_challenge_method: 'plain' },
    ];
    for (const extra of attempts) {
      const url = oidc.buildAuthorizationUrl(config, { ...base, ...extra });
      const res = await browser.fetch(url.href);
      expect(res.status).to.equal(303);
      const back = new URL(res.headers.get('location')!);
      expect(`${back.origin}${back.pathname}`).to.equal(CALLBACK);
      expect(back.searchParams.get('error')).to.equal('invalid_request');
      expect(back.searchParams.get('state')).to.equal(base.state);
      expect(back.searchParams.get('code')).to.equal(null);
    }
  });

  it('refuses a code exchanged without its PKCE verifier', async () => {
    const owner = await createRecruteur();
    const app = await registerApp(srv, owner);
    const config = await clientConfig(srv, app);
    const verifier = oidc.randomPKCECodeVerifier();
    const state = oidc.randomState();
    const url = oidc.buildAuthorizationUrl(config, {
      redirect_uri: CALLBACK,
      scope: 'openid offres:read',
      code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      state,
      nonce: oidc.randomNonce(),
    });
    const { callback } = await authorizeThroughPages(srv, url, owner);
    const wrong = await oidc
      .authorizationCodeGrant(config, callback, {
        pkceCodeVerifier: oidc.randomPKCECodeVerifier(),
        expectedState: state,
      })
      .catch((e: unknown) => e);
    expect((wrong as oidc.ResponseBodyError).error).to.equal('invalid_grant');
  });

  it('checks state and nonce on the way back (client side), and a redirect URI must match exactly', async () => {
    const owner = await createRecruteur();
    const app = await registerApp(srv, owner);
    const config = await clientConfig(srv, app);
    const verifier = oidc.randomPKCECodeVerifier();
    const state = oidc.randomState();
    const url = oidc.buildAuthorizationUrl(config, {
      redirect_uri: CALLBACK,
      scope: 'openid offres:read',
      code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      state,
      nonce: 'the-nonce',
    });
    const { callback } = await authorizeThroughPages(srv, url, owner);
    expect(callback.searchParams.get('state')).to.equal(state);
    expect(callback.searchParams.get('iss')).to.equal(srv.issuer);
    const badState = await oidc
      .authorizationCodeGrant(config, callback, { pkceCodeVerifier: verifier, expectedState: 'another' })
      .catch((e: unknown) => e);
    expect(badState).to.be.instanceOf(Error);
    const ok = await oidc.authorizationCodeGrant(config, callback, {
      pkceCodeVerifier: verifier,
      expectedState: state,
      expectedNonce: 'the-nonce',
    });
    expect(ok.claims()?.nonce).to.equal('the-nonce');

    // Near misses of the registered URI are never redirected to: the error shows on our page.
    const browser = new Browser(srv.url);
    for (const near of [
      `${CALLBACK}/`,
      `${CALLBACK}?x=1`,
      'http://127.0.0.1:9/callbackx',
      'https://evil.example/callback',
    ]) {
      const attempt = oidc.buildAuthorizationUrl(config, {
        redirect_uri: near,
        scope: 'openid',
        code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
        code_challenge_method: 'S256',
        state,
      });
      const res = await browser.fetch(attempt.href);
      expect(res.status, near).to.equal(400);
      expect(res.headers.get('location')).to.equal(null);
      expect(res.headers.get('x-frame-options')).to.equal('DENY');
      expect(await res.text()).to.contain('redirect_uri');
    }
  });

  it('serves the sign-in and consent pages in French or English, unframeable, with the app and each scope in words', async () => {
    const owner = await createRecruteur();
    const app = await registerApp(srv, owner, {
      name: 'Paie <Plus>',
      scopes: ['offres:read', 'viviers:write'],
    });
    const config = await clientConfig(srv, app);
    for (const lang of ['fr', 'en'] as const) {
      const verifier = oidc.randomPKCECodeVerifier();
      const url = oidc.buildAuthorizationUrl(config, {
        redirect_uri: CALLBACK,
        scope: 'openid offres:read viviers:write',
        code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
        code_challenge_method: 'S256',
        state: oidc.randomState(),
        ui_locales: lang,
      });
      const flow = await authorizeThroughPages(srv, url, owner, { browser: new Browser(srv.url, lang) });
      const csp = flow.consentResponse.headers.get('content-security-policy')!;
      expect(csp).to.contain("frame-ancestors 'none'");
      expect(flow.consentResponse.headers.get('x-frame-options')).to.equal('DENY');
      expect(flow.consentResponse.headers.get('cache-control')).to.equal('no-store');
      expect(flow.consentHtml).to.contain('Paie &lt;Plus&gt;');
      expect(flow.consentHtml).to.not.contain('Paie <Plus>');
      expect(flow.consentHtml).to.contain('src="https://acme.example/logo.png"');
      if (lang === 'fr') {
        expect(flow.loginHtml).to.contain('Mot de passe');
        expect(flow.consentHtml).to.contain('Lire les offres d’emploi de votre entreprise');
        expect(flow.consentHtml).to.contain('Modifier vos viviers de talents');
      } else {
        expect(flow.loginHtml).to.contain('Password');
        expect(flow.consentHtml).to.contain('Read your company’s job offers');
        expect(flow.consentHtml).to.contain('Edit your talent pools');
      }
      expect(flow.callback.searchParams.get('code')).to.be.a('string');
    }
  });

  it('refuses a sign-in form without its anti-CSRF token or from another browser', async () => {
    const owner = await createRecruteur();
    const app = await registerApp(srv, owner);
    const config = await clientConfig(srv, app);
    const url = oidc.buildAuthorizationUrl(config, {
      redirect_uri: CALLBACK,
      scope: 'openid offres:read',
      code_challenge: await oidc.calculatePKCECodeChallenge(oidc.randomPKCECodeVerifier()),
      code_challenge_method: 'S256',
      state: oidc.randomState(),
    });
    const browser = new Browser(srv.url);
    const page = await browser.follow(url.href);
    const html = await page.res.text();
    const action = /action="([^"]+\/login)"/.exec(html)![1]!;
    const body = (csrf: string) =>
      new URLSearchParams({ csrf, email: owner.email, password: 'Motdepasse123!' }).toString();
    const noToken = await browser.fetch(action, { method: 'POST', body: body('forged') });
    expect(noToken.status).to.equal(403);
    // The attacker's browser holds no interaction cookie: the real token alone is not enough.
    const token = /name="csrf" value="([^"]+)"/.exec(html)![1]!;
    const other = await new Browser(srv.url).fetch(action, { method: 'POST', body: body(token) });
    expect(other.status).to.be.within(400, 499);
    expect(other.headers.get('location')).to.equal(null);
  });

  it('says which credentials are wrong on the page, and lets no candidate or suspended recruiter grant', async () => {
    const owner = await createRecruteur();
    const app = await registerApp(srv, owner);
    const suspended = await createRecruteur({ status: 'SUSPENDED' });
    const config = await clientConfig(srv, app);
    const url = oidc.buildAuthorizationUrl(config, {
      redirect_uri: CALLBACK,
      scope: 'openid offres:read',
      code_challenge: await oidc.calculatePKCECodeChallenge(oidc.randomPKCECodeVerifier()),
      code_challenge_method: 'S256',
      state: oidc.randomState(),
    });
    const browser = new Browser(srv.url);
    const page = await browser.follow(url.href);
    const html = await page.res.text();
    const action = /action="([^"]+\/login)"/.exec(html)![1]!;
    const csrf = /name="csrf" value="([^"]+)"/.exec(html)![1]!;
    const wrong = await browser.fetch(action, {
      method: 'POST',
      body: new URLSearchParams({ csrf, email: owner.email, password: 'wrong-password' }).toString(),
    });
    expect(wrong.status).to.equal(401);
    expect(await wrong.text()).to.contain('Email ou mot de passe incorrect');
    const refused = await browser.fetch(action, {
      method: 'POST',
      body: new URLSearchParams({ csrf, email: suspended.email, password: 'Motdepasse123!' }).toString(),
    });
    expect(refused.status).to.equal(403);
    expect(await refused.text()).to.contain('n’est pas actif');
  });

  it('sends the recruiter back to the app with access_denied when consent is refused', async () => {
    const owner = await createRecruteur();
    const app = await registerApp(srv, owner);
    const config = await clientConfig(srv, app);
    const state = oidc.randomState();
    const url = oidc.buildAuthorizationUrl(config, {
      redirect_uri: CALLBACK,
      scope: 'openid offres:read',
      code_challenge: await oidc.calculatePKCECodeChallenge(oidc.randomPKCECodeVerifier()),
      code_challenge_method: 'S256',
      state,
    });
    const { callback } = await authorizeThroughPages(srv, url, owner, { decision: 'deny' });
    expect(callback.searchParams.get('error')).to.equal('access_denied');
    expect(callback.searchParams.get('state')).to.equal(state);
    expect(callback.searchParams.get('code')).to.equal(null);
  });
});
