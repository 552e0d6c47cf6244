/**
 * The authorization server's pages, rendered here (never by the library's defaults): the
 * recruiter's sign-in, the consent page (the app's name and logo, each scope in words) and the
 * error page, in French or English (`ui_locales` of the request, else Accept-Language).
 *
 * Safe against clickjacking (`frame-ancestors 'none'` and `X-Frame-Options: DENY`) and CSRF: a
 * form only works with the interaction's own cookie (signed, SameSite=Lax, so a cross-site POST
 * never carries it) and a hidden token bound to the interaction (HMAC of its uid). Pages are never
 * stored and send no referrer. No `form-action` directive: the consent's answer is a redirect to
 * the app's registered redirect URI, which that directive would block.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type Koa from 'koa';
import { escapeHtml } from '../../domain/mail/layout.ts';
import { scopeInWords, type ScopeLanguage } from '../../domain/integrations/index.ts';
import { negotiateLanguage } from '../i18n/language.ts';

export type PageLanguage = ScopeLanguage;

const TEXTS = {
  fr: {
    signInTitle: 'Connexion',
    signInLead: (app: string) => `Connectez-vous avec votre compte recruteur pour continuer vers « ${app} ».`,
    email: 'Adresse email',
    password: 'Mot de passe',
    signIn: 'Se connecter',
    consentTitle: 'Autoriser l’accès',
    consentLead: (app: string) => `« ${app} » demande l’accès à votre compte recruteur pour :`,
    signedInAs: (email: string) => `Connecté en tant que ${email}.`,
    allow: 'Autoriser',
    deny: 'Refuser',
    website: 'Site de l’application',
    errorTitle: 'Demande refusée',
    errors: {
      INVALID_CREDENTIALS: 'Email ou mot de passe incorrect.',
      ACCOUNT_NOT_ACTIVE: 'Ce compte n’est pas actif.',
      EMAIL_NOT_VERIFIED: 'Adresse email non validée.',
      RECRUITERS_ONLY: 'Seul un recruteur peut autoriser une intégration.',
      CSRF: 'Formulaire expiré : recommencez depuis l’application.',
    } as Record<string, string>,
  },
  en: {
    signInTitle: 'Sign in',
    signInLead: (app: string) => `Sign in with your recruiter account to continue to “${app}”.`,
    email: 'Email address',
    password: 'Password',
    signIn: 'Sign in',
    consentTitle: 'Authorize access',
    consentLead: (app: string) => `“${app}” asks for access to your recruiter account to:`,
    signedInAs: (email: string) => `Signed in as ${email}.`,
    allow: 'Allow',
    deny: 'Deny',
    website: 'App website',
    errorTitle: 'Request refused',
    errors: {
      INVALID_CREDENTIALS: 'Wrong email or password.',
      ACCOUNT_NOT_ACTIVE: 'This account is not active.',
      EMAIL_NOT_VERIFIED: 'Email address not verified.',
      RECRUITERS_ONLY: 'Only a recruiter may authorize an integration.',
      CSRF: 'This form expired: start again from the app.',
    } as Record<string, string>,
  },
} as const;

export function pageLanguage(uiLocales: unknown, acceptLanguage: string | undefined): PageLanguage {
  if (typeof uiLocales === 'string') {
    for (const tag of uiLocales.split(' ')) {
      const t = tag.toLowerCase();
      if (t === 'en' || t.startsWith('en-')) return 'en';
      if (t === 'fr' || t.startsWith('fr-')) return 'fr';
    }
  }
  return negotiateLanguage(acceptLanguage);
}

/** The anti-CSRF token of an interaction: bound to its uid, keyed by the cookie key. */
export function csrfToken(key: string, uid: string): string {
  return createHmac('sha256', key).update(`oauth-interaction:${uid}`).digest('base64url');
}

export function csrfMatches(key: string, uid: string, presented: unknown): boolean {
  if (typeof presented !== 'string') return false;
  const a = Buffer.from(csrfToken(key, uid));
  const b = Buffer.from(presented);
  return a.length === b.length && timingSafeEqual(a, b);
}

function sendPage(ctx: Koa.Context, status: number, lang: PageLanguage, title: string, body: string): void {
  const nonce = randomBytes(16).toString('base64');
  ctx.status = status;
  ctx.type = 'text/html; charset=utf-8';
  ctx.set(
    'Content-Security-Policy',
    `default-src 'none'; style-src 'nonce-${nonce}'; img-src https: data:; base-uri 'none'; frame-ancestors 'none'`,
  );
  ctx.set('X-Frame-Options', 'DENY');
  ctx.set('Cache-Control', 'no-store');
  ctx.set('Referrer-Policy', 'no-referrer');
  ctx.set('Content-Language', lang);
  ctx.body = `<!DOCTYPE html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style nonce="${nonce}">
body{font-family:system-ui,sans-serif;background:#f4f6f8;color:#1c2530;margin:0;padding:2rem 1rem}
main{max-width:28rem;margin:0 auto;background:#fff;border-radius:8px;padding:1.5rem;box-shadow:0 1px 3px #0002}
h1{font-size:1.35rem;margin-top:0}label{display:block;margin:.75rem 0 .25rem}
input[type=email],input[type=password]{width:100%;box-sizing:border-box;padding:.55rem;border:1px solid #8894a0;border-radius:4px}
button{margin-top:1rem;padding:.6rem 1.1rem;border:0;border-radius:4px;background:#0b5cad;color:#fff;font-size:1rem;cursor:pointer}
button.secondary{background:#e3e7eb;color:#1c2530;margin-left:.5rem}
.error{color:#a4161a;font-weight:600}.logo{max-width:64px;max-height:64px;float:right}
ul{padding-left:1.2rem}li{margin:.35rem 0}
</style>
</head>
<body><main>
${body}
</main></body>
</html>
`;
}

export function renderLogin(
  ctx: Koa.Context,
  input: {
    lang: PageLanguage;
    uid: string;
    csrf: string;
    appName: string;
    email?: string;
    error?: string;
    status?: number;
  },
): void {
  const t = TEXTS[input.lang];
  const error = input.error
    ? `<p class="error" role="alert">${escapeHtml(t.errors[input.error] ?? t.errors.INVALID_CREDENTIALS)}</p>`
    : '';
  sendPage(
    ctx,
    input.status ?? 200,
    input.lang,
    t.signInTitle,
    `<h1>${escapeHtml(t.signInTitle)}</h1>
<p>${escapeHtml(t.signInLead(input.appName))}</p>
${error}
<form method="post" action="/oauth/interaction/${encodeURIComponent(input.uid)}/login" autocomplete="on">
<input type="hidden" name="csrf" value="${escapeHtml(input.csrf)}">
<label for="email">${escapeHtml(t.email)}</label>
<input id="email" name="email" type="email" required autocomplete="username" value="${escapeHtml(input.email ?? '')}">
<label for="password">${escapeHtml(t.password)}</label>
<input id="password" name="password" type="password" required autocomplete="current-password">
<button type="submit">${escapeHtml(t.signIn)}</button>
</form>`,
  );
}

export function renderConsent(
  ctx: Koa.Context,
  input: {
    lang: PageLanguage;
    uid: string;
    csrf: string;
    appName: string;
    logoUrl: string | null;
    website: string | null;
    email: string;
    scopes: string[];
  },
): void {
  const t = TEXTS[input.lang];
  const logo =
    input.logoUrl && input.logoUrl.startsWith('https://')
      ? `<img class="logo" src="${escapeHtml(input.logoUrl)}" alt="">`
      : '';
  const website = input.website
    ? `<p><a href="${escapeHtml(input.website)}" rel="noopener noreferrer" target="_blank">${escapeHtml(t.website)}</a></p>`
    : '';
  const items = input.scopes
    .map((s) => `<li data-scope="${escapeHtml(s)}">${escapeHtml(scopeInWords(s, input.lang))}</li>`)
    .join('\n');
  sendPage(
    ctx,
    200,
    input.lang,
    t.consentTitle,
    `${logo}<h1>${escapeHtml(t.consentTitle)}</h1>
<p>${escapeHtml(t.consentLead(input.appName))}</p>
<ul>
${items}
</ul>
${website}
<p>${escapeHtml(t.signedInAs(input.email))}</p>
<form method="post" action="/oauth/interaction/${encodeURIComponent(input.uid)}/consent">
<input type="hidden" name="csrf" value="${escapeHtml(input.csrf)}">
<button type="submit" name="decision" value="allow">${escapeHtml(t.allow)}</button>
<button type="submit" name="decision" value="deny" class="secondary">${escapeHtml(t.deny)}</button>
</form>`,
  );
}

/**
 * The error page: what the library would otherwise render. An authorization request whose client
 * or redirect URI is not registered lands here and is never redirected (no open redirect).
 */
export function renderErrorPage(ctx: Koa.Context, out: Record<string, string>): void {
  const lang = pageLanguage(undefined, ctx.get('Accept-Language'));
  const t = TEXTS[lang];
  const error = String(out.error ?? 'server_error');
  const description = out.error_description ? String(out.error_description) : '';
  sendPage(
    ctx,
    ctx.status >= 400 ? ctx.status : 400,
    lang,
    t.errorTitle,
    `<h1>${escapeHtml(t.errorTitle)}</h1>
<p><code>${escapeHtml(error)}</code></p>
${description ? `<p>${escapeHtml(description)}</p>` : ''}`,
  );
}
