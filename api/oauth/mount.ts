/**
 * Mounts the authorization server into the API's Koa app under /oauth: the interaction pages
 * (sign-in, consent) are ours; every other /oauth path is the library's (authorize, token,
 * revocation, introspection, JWKS, discovery at /oauth/.well-known/openid-configuration and the
 * root aliases of ROOT_METADATA), given
 * the request with /oauth taken off its path, as a mounted app. The server is built at the first
 * /oauth request (its signing key may have to be read from the database).
 */
import type Koa from 'koa';
import type { Knex } from 'knex';
import { koaBody } from 'koa-body';
import type { Config } from '../../lib/config.ts';
import type { Logger } from '../../lib/logger.ts';
import type { Clock } from '../../lib/clock.ts';
import { createContext, type Ctx } from '../../domain/context.ts';
import type { Storage } from '../../lib/storage.ts';
import { DomainError } from '../../domain/errors.ts';
import { signInForIntegration } from '../../domain/integrations/index.ts';
import { OAuthApp } from '../../models/oauth-app.ts';
import { Account } from '../../models/account.ts';
import { loadProviderModule } from './load-provider.ts';
import { cookieKeysOf, createOAuthProvider, OAUTH_PREFIX, type OAuthProvider } from './provider.ts';
import { resolveSigningKey } from './signing-key.ts';
import { csrfMatches, csrfToken, pageLanguage, renderConsent, renderLogin } from './pages.ts';

export interface OAuthServerDeps {
  db: Knex;
  config: Config;
  logger: Logger;
  clock: Clock;
  storage: Storage;
}

/**
 * The metadata is also served where clients look for it from the site's root: RFC 8414 inserts
 * the well-known segment before the issuer's path (/.well-known/oauth-authorization-server/oauth),
 * and a client given a full well-known address at the root finds the same document there.
 */
const ROOT_METADATA = new Set([
  `/.well-known/oauth-authorization-server${OAUTH_PREFIX}`,
  `/.well-known/openid-configuration${OAUTH_PREFIX}`,
  '/.well-known/oauth-authorization-server',
  '/.well-known/openid-configuration',
]);

const INTERACTION = /^\/oauth\/interaction\/([A-Za-z0-9_-]{1,100})(?:\/(login|consent))?\/?$/;

interface InteractionDetails {
  uid: string;
  prompt: { name: string; details: Record<string, unknown> };
  params: Record<string, unknown>;
  session?: { accountId?: string };
  grantId?: string;
}

export interface OAuthServer {
  middleware: Koa.Middleware;
  /** The built server (tests and the CLI may need it); built on first call. */
  provider(): Promise<OAuthProvider>;
}

export function createOAuthServer(
  deps: OAuthServerDeps,
  opts: { loginRateLimit?: Koa.Middleware; tokenRateLimit?: Koa.Middleware } = {},
): OAuthServer {
  let built: Promise<OAuthProvider> | null = null;
  const provider = () =>
    (built ??= Promise.all([loadProviderModule(), resolveSigningKey(deps.db, deps.config)]).then(
      ([module, signingKey]) => createOAuthProvider(module, { ...deps, signingKey }),
    )).catch((err: unknown) => {
      built = null;
      throw err;
    });
  const csrfKey = cookieKeysOf(deps.config)[0]!;
  const parseForm = koaBody({ urlencoded: true, json: false, multipart: false, formLimit: '16kb' });
  const rateLimit: Koa.Middleware = opts.loginRateLimit ?? ((_ctx, next) => next());
  const tokenRateLimit: Koa.Middleware = opts.tokenRateLimit ?? ((_ctx, next) => next());
  const ctxOf = (koa: Koa.Context): Ctx =>
    createContext(
      { ...deps, logger: (koa.state.log as Logger | undefined) ?? deps.logger },
      {
        type: 'anonymous',
        ip: koa.ip,
      },
    );

  const interaction = async (koa: Koa.Context, uid: string, action: string | undefined) => {
    const p = await provider();
    const details = (await p.interactionDetails(koa.req, koa.res)) as unknown as InteractionDetails;
    if (details.uid !== uid) koa.throw(400, 'interaction mismatch');
    const lang = pageLanguage(details.params.ui_locales, koa.get('Accept-Language'));
    const clientId = String(details.params.client_id ?? '');
    const app = await OAuthApp.query(deps.db).findOne({ clientId, status: 'APPROVED' });
    if (!app) koa.throw(400, 'unknown client');
    const csrf = csrfToken(csrfKey, uid);
    const finish = async (result: Record<string, unknown>, merge: boolean) => {
      const to = await p.interactionResult(koa.req, koa.res, result as never, {
        mergeWithLastSubmission: merge,
      });
      koa.status = 303;
      koa.redirect(to);
    };

    if (koa.method === 'GET' && !action) {
      if (details.prompt.name === 'login') return renderLogin(koa, { lang, uid, csrf, appName: app.name });
      return showConsent(koa, details, { lang, uid, csrf, app });
    }
    if (koa.method !== 'POST' || !action) koa.throw(405);
    await parseForm(koa, async () => undefined);
    const form = ((koa.request as unknown as { body?: Record<string, unknown> }).body ?? {}) as Record<
      string,
      unknown
    >;
    if (!csrfMatches(csrfKey, uid, form.csrf)) {
      if (action === 'login')
        return renderLogin(koa, { lang, uid, csrf, appName: app.name, error: 'CSRF', status: 403 });
      koa.throw(403, 'CSRF token mismatch');
    }
    if (action === 'login') {
      if (details.prompt.name !== 'login') koa.throw(400, 'not a login prompt');
      const email = typeof form.email === 'string' ? form.email : '';
      const password = typeof form.password === 'string' ? form.password : '';
      try {
        const { accountId } = await signInForIntegration(ctxOf(koa), { email, password });
        return await finish({ login: { accountId: String(accountId) } }, false);
      } catch (err) {
        if (!(err instanceof DomainError)) throw err;
        const status = err.code === 'INVALID_CREDENTIALS' ? 401 : 403;
        return renderLogin(koa, { lang, uid, csrf, appName: app.name, email, error: err.code, status });
      }
    }
    // consent
    if (details.prompt.name !== 'consent') koa.throw(400, 'not a consent prompt');
    if (form.decision !== 'allow')
      return finish({ error: 'access_denied', error_description: 'The recruiter refused the access' }, false);
    const accountId = details.session?.accountId;
    if (!accountId) koa.throw(400, 'no session');
    const grant = details.grantId
      ? await p.Grant.find(details.grantId)
      : new p.Grant({ accountId, clientId });
    if (!grant) koa.throw(400, 'grant gone');
    const missingScope = details.prompt.details.missingOIDCScope as string[] | undefined;
    const missingClaims = details.prompt.details.missingOIDCClaims as string[] | undefined;
    if (missingScope?.length) grant.addOIDCScope(missingScope.join(' '));
    if (missingClaims?.length) grant.addOIDCClaims(missingClaims);
    const grantId = await grant.save();
    return finish({ consent: details.grantId ? {} : { grantId } }, true);
  };

  const showConsent = async (
    koa: Koa.Context,
    details: InteractionDetails,
    page: { lang: 'fr' | 'en'; uid: string; csrf: string; app: OAuthApp },
  ) => {
    const accountId = Number(details.session?.accountId);
    const account = await Account.query(deps.db).findById(accountId).select('email');
    const requested = String(details.params.scope ?? '')
      .split(' ')
      .filter(Boolean);
    renderConsent(koa, {
      ...page,
      appName: page.app.name,
      logoUrl: page.app.logoUrl,
      website: page.app.website,
      email: account?.email ?? '',
      scopes: requested,
    });
  };

  const middleware: Koa.Middleware = async (koa, next) => {
    if (ROOT_METADATA.has(koa.path) && (koa.method === 'GET' || koa.method === 'HEAD')) {
      const query = koa.querystring ? `?${koa.querystring}` : '';
      koa.req.url = `${OAUTH_PREFIX}/.well-known/openid-configuration${query}`;
      return handOver(koa);
    }
    if (koa.path !== OAUTH_PREFIX && !koa.path.startsWith(`${OAUTH_PREFIX}/`)) return next();
    const m = INTERACTION.exec(koa.path);
    if (m) {
      if (m[2] === 'login' && koa.method === 'POST')
        return rateLimit(koa, () => interaction(koa, m[1]!, m[2]));
      return interaction(koa, m[1]!, m[2]);
    }
    if (koa.path === `${OAUTH_PREFIX}/token` && koa.method === 'POST')
      return tokenRateLimit(koa, () => handOver(koa));
    return handOver(koa);
  };

  /** The rest is the library's: it answers on the raw response. */
  const handOver = async (koa: Koa.Context) => {
    const p = await provider();
    const original = koa.req.url ?? '';
    // Mounted: the library sees its own paths, and finds the mount point in originalUrl.
    (koa.req as { originalUrl?: string }).originalUrl = original;
    koa.req.url = original.slice(OAUTH_PREFIX.length) || '/';
    koa.respond = false;
    await p.callback()(koa.req, koa.res);
  };

  return { middleware, provider };
}
