/**
 * GET /v1/api/auth/reset-password?token=: the page the reset email links to when FRONTEND_URL is
 * not set. A minimal form: the new password twice, and the token of the address in a hidden field
 * (HTML-escaped). It is a real `method="post"` form to POST /auth/reset-password/form, so without
 * script the passwords travel in the request body, never in a URL; with script, a few lines post
 * the same fields as JSON to POST /auth/reset-password and show the result in place.
 */
import type Koa from 'koa';
import { escapeHtml, sendHtmlPage } from './html-page.ts';

export const RESET_FORM_ACTION = '/v1/api/auth/reset-password/form';

const form = (token: string) => `<h1>Nouveau mot de passe</h1>
<form id="reset" method="post" action="${RESET_FORM_ACTION}">
<input type="hidden" name="token" value="${escapeHtml(token)}">
<label for="password">Nouveau mot de passe (8 caractères au moins)</label>
<input id="password" name="password" type="password" minlength="8" maxlength="200" autocomplete="new-password" required>
<label for="confirm">Confirmez le mot de passe</label>
<input id="confirm" name="confirm" type="password" minlength="8" maxlength="200" autocomplete="new-password" required>
<button type="submit">Enregistrer</button>
</form>
<p id="result" role="status"></p>`;

const script = `const form = document.getElementById('reset');
const result = document.getElementById('result');
const show = (text, ok) => { result.textContent = text; result.className = ok ? 'ok' : 'error'; };
form.addEventListener('submit', async (event) => {
  event.preventDefault();
  const password = form.elements.password.value;
  if (password !== form.elements.confirm.value) return show('Les deux mots de passe diffèrent.', false);
  try {
    const res = await fetch('/v1/api/auth/reset-password', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({ token: form.elements.token.value, newPassword: password }),
    });
    const body = await res.json().catch(() => null);
    if (res.ok) { form.hidden = true; return show('Mot de passe modifié. Vous pouvez vous connecter.', true); }
    show((body && body.error && body.error.message) || 'La modification a échoué.', false);
  } catch {
    show('Le serveur ne répond pas. Réessayez.', false);
  }
});
`;

export function sendResetPasswordPage(koa: Koa.Context, token: string): void {
  sendHtmlPage(koa, { lang: 'fr', title: 'Nouveau mot de passe', body: form(token), script });
}

/** The answer to the form posted without script: the password was changed. */
export function sendResetPasswordDone(koa: Koa.Context): void {
  sendHtmlPage(koa, {
    lang: 'fr',
    title: 'Mot de passe modifié',
    body: '<h1>Mot de passe modifié</h1>\n<p class="ok" role="status">Vous pouvez vous connecter avec le nouveau mot de passe.</p>',
  });
}
