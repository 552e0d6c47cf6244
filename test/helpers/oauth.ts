/**
 * The API listening on an ephemeral port with its public URL set to that address (the OAuth
 * issuer must be the address the client library discovers), a browser-like walk through the
 * sign-in and consent pages (cookies kept per origin, forms read from the HTML and submitted), and
 * apps registered and approved through the API.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'chai';
import supertest from 'supertest';
import * as oidc from 'openid-client';
import { createApp, type BuiltApp } from '../../api/app.ts';
import { nodeListener } from '../../api/http/node-listener.ts';
import { testDeps } from './env.ts';
import type { Logger } from '../../lib/logger.ts';
import { recordAnswerMismatch } from './answer-mismatches.ts';
import { createAdmin, DEFAULT_PASSWORD, type TestAccount, type TestRecruteur } from './factories.ts';
import { formBody, formsOf } from './html-forms.ts';
import type { Config } from '../../lib/config.ts';

export const CALLBACK = 'http://127.0.0.1:9/callback';

export interface OAuthTestServer {
  url: string;
  issuer: string;
  built: BuiltApp;
  request: ReturnType<typeof supertest>;
  close(): Promise<void>;
}

export async function startOAuthServer(
  opts: { logger?: Logger; config?: Partial<Config> } = {},
): Promise<OAuthTestServer> {
  let handler: http.RequestListener = (_req, res) => res.end();
  const server = http.createServer((req, res) => handler(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const deps = testDeps({ config: { publicUrl: url, ...opts.config } });
  const built = createApp(opts.logger ? { ...deps, logger: opts.logger } : deps, {
    onAnswerMismatch: recordAnswerMismatch,
  });
  handler = nodeListener(built.app);
  return {
    url,
    issuer: `${url}/oauth`,
    built,
    request: supertest(server),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export interface RegisteredApp {
  id: number;
  clientId: string;
  clientSecret: string | null;
}

/**
 * One administrator for the approvals of a test file's apps. Its access token lives 15 minutes:
 * on a slow run, a later file would get a 401 with an admin made by an earlier one, so a new one
 * is made after 5 minutes.
 */
let admin: { account: TestAccount; at: number } | null = null;
const ADMIN_REUSE_MS = 5 * 60_000;

export async function registerApp(
  srv: OAuthTestServer,
  owner: TestRecruteur,
  opts: {
    clientType?: 'confidential' | 'public';
    scopes?: string[];
    redirectUris?: string[];
    approve?: boolean;
    name?: string;
  } = {},
): Promise<RegisteredApp> {
  const res = await srv.request
    .post('/v1/api/integrations/apps')
    .set(owner.auth)
    .send({
      name: opts.name ?? 'Acme ATS',
      redirectUris: opts.redirectUris ?? [CALLBACK],
      logoUrl: 'https://acme.example/logo.png',
      website: 'https://acme.example',
      scopes: opts.scopes ?? ['offres:read', 'candidatures:read'],
      clientType: opts.clientType ?? 'confidential',
    })
    .expect(200);
  const app = res.body.data as { id: number; clientId: string; clientSecret: string | null };
  if (opts.approve !== false) {
    await srv.request
      .post(`/v1/api/admin/integrations/apps/${app.id}/approve`)
      .set((await adminAccount()).auth)
      .send({})
      .expect(200);
  }
  return { id: app.id, clientId: app.clientId, clientSecret: app.clientSecret };
}

export async function adminAccount(): Promise<TestAccount> {
  if (!admin || Date.now() - admin.at > ADMIN_REUSE_MS)
    admin = { account: await createAdmin(), at: Date.now() };
  return admin.account;
}

export function clientConfig(srv: OAuthTestServer, app: RegisteredApp): Promise<oidc.Configuration> {
  return oidc.discovery(
    new URL(srv.issuer),
    app.clientId,
    undefined,
    app.clientSecret ? oidc.ClientSecretBasic(app.clientSecret) : oidc.None(),
    { execute: [oidc.allowInsecureRequests] },
  );
}

/** A browser: follows redirects by hand within the server's origin, keeping cookies. */
export class Browser {
  private cookies = new Map<string, string>();

  constructor(
    readonly origin: string,
    readonly acceptLanguage = 'fr',
  ) {}

  async fetch(url: string, init: { method?: string; body?: string } = {}): Promise<Response> {
    const headers: Record<string, string> = { 'Accept-Language': this.acceptLanguage };
    const cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    if (cookie) headers.Cookie = cookie;
    if (init.body !== undefined) headers['Content-Type'] = 'application/x-www-form-urlencoded';
    const res = await fetch(new URL(url, this.origin), {
      method: init.method ?? 'GET',
      body: init.body,
      headers,
      redirect: 'manual',
    });
    for (const line of res.headers.getSetCookie()) {
      const [pair, ...attrs] = line.split(';');
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      const expired = attrs.some((a) => /expires=Thu, 01 Jan 1970/i.test(a)) || value === '';
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return res;
  }

  /** Follows redirects while they stay on the server; answers the last answer and its URL. */
  async follow(
    url: string,
    init: { method?: string; body?: string } = {},
  ): Promise<{ res: Response; url: string }> {
    let res = await this.fetch(url, init);
    let current = new URL(url, this.origin).href;
    for (let i = 0; i < 10 && res.status >= 300 && res.status < 400; i++) {
      const next = new URL(res.headers.get('location')!, current).href;
      if (!next.startsWith(this.origin)) return { res, url: next };
      current = next;
      res = await this.fetch(next);
    }
    return { res, url: current };
  }
}

export interface CodeFlowResult {
  /** Where the server finally sent the browser (the app's redirect URI, with code or error). */
  callback: URL;
  loginHtml: string;
  consentHtml: string;
  consentResponse: Response;
}

/** Runs the authorization request through the real sign-in and consent pages. */
export async function authorizeThroughPages(
  srv: OAuthTestServer,
  authorizationUrl: URL,
  recruteur: { email: string; password?: string },
  opts: { decision?: 'allow' | 'deny'; browser?: Browser } = {},
): Promise<CodeFlowResult> {
  const browser = opts.browser ?? new Browser(srv.url);
  const first = await browser.follow(authorizationUrl.href);
  expect(first.res.status, `authorization page ${first.url}`).to.equal(200);
  const loginHtml = await first.res.text();
  const [loginForm] = formsOf(loginHtml, first.url);
  expect(loginForm, 'login form').to.not.equal(undefined);
  const afterLogin = await browser.follow(loginForm!.action, {
    method: 'POST',
    body: formBody(loginForm!, { email: recruteur.email, password: recruteur.password ?? DEFAULT_PASSWORD }),
  });
  expect(afterLogin.res.status, `after login ${afterLogin.url}`).to.equal(200);
  const consentHtml = await afterLogin.res.text();
  const [consentForm] = formsOf(consentHtml, afterLogin.url);
  const done = await browser.follow(consentForm!.action, {
    method: 'POST',
    body: `${formBody(consentForm!)}&decision=${opts.decision ?? 'allow'}`,
  });
  expect(done.res.status, `after consent ${done.url}`).to.equal(303);
  return { callback: new URL(done.url), loginHtml, consentHtml, consentResponse: afterLogin.res };
}

/** The whole code flow with PKCE: an access token (and a refresh token with offline_access). */
export async function codeFlow(
  srv: OAuthTestServer,
  app: RegisteredApp,
  recruteur: { email: string },
  scope = 'openid offline_access offres:read',
): Promise<{
  config: oidc.Configuration;
  tokens: oidc.TokenEndpointResponse & oidc.TokenEndpointResponseHelpers;
}> {
  const config = await clientConfig(srv, app);
  const verifier = oidc.randomPKCECodeVerifier();
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  const url = oidc.buildAuthorizationUrl(config, {
    redirect_uri: CALLBACK,
    scope,
    code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    state,
    nonce,
    prompt: 'consent',
  });
  const { callback } = await authorizeThroughPages(srv, url, recruteur);
  const tokens = await oidc.authorizationCodeGrant(config, callback, {
    pkceCodeVerifier: verifier,
    expectedState: state,
    expectedNonce: nonce,
  });
  return { config, tokens };
}
