/**
 * GET /v1/api/auth/reset-password?token=: the page the reset email links to when FRONTEND_URL is
 * not set. A minimal form (templates/reset-password.ts): the new password twice, and the token of
 * the address in a hidden field. It is a real `method="post"` form to POST
 * /auth/reset-password/form, so without script the passwords travel in the request body, never in
 * a URL; with script, a few lines post the same fields as JSON to POST /auth/reset-password and
 * show the result in place.
 */
import type Koa from 'koa';
import { sendHtmlPage } from './html-page.ts';

export const RESET_FORM_ACTION = '/v1/api/auth/reset-password/form';

const LABELS = {
  password: 'Nouveau mot de passe (8 caractères au moins)',
  confirm: 'Confirmez le mot de passe',
  submit: 'Enregistrer',
};

const script = `const form = document.getElementById('reset');
const result = document.getElementById('result');
const show = (text, ok) => { result.textContent = text; result.className = ok ? 'ok' : 'notice'; };
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
  sendHtmlPage(koa, {
    lang: 'fr',
    title: 'Nouveau mot de passe',
    template: 'reset-password',
    data: { heading: 'Nouveau mot de passe', action: RESET_FORM_ACTION, token, labels: LABELS },
    script,
  });
}

/** The answer to the form posted without script: the password was changed. */
export function sendResetPasswordDone(koa: Koa.Context): void {
  sendHtmlPage(koa, {
    lang: 'fr',
    title: 'Mot de passe modifié',
    template: 'message',
    data: {
      heading: 'Mot de passe modifié',
      paragraphs: ['Vous pouvez vous connecter avec le nouveau mot de passe.'],
      tone: 'ok',
    },
  });
}
