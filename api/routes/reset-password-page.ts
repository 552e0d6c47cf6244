/**
 * GET /v1/api/auth/reset-password?token=: the page the reset email links to when FRONTEND_URL is
 * not set. A minimal form: the new password twice, posted as JSON to POST /auth/reset-password by
 * a few lines of script, which reads the token from the address bar (the token is never written
 * into the HTML, so nothing a URL carries can become markup). Strict CSP: only this page's own
 * script and style (by nonce) and requests to its own origin; no referrer, no caching.
 */
import { randomBytes } from 'node:crypto';
import type Koa from 'koa';

const page = (nonce: string) => `<!doctype html>
<html lang="fr">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Nouveau mot de passe</title>
<style nonce="${nonce}">
body{font-family:system-ui,sans-serif;max-width:26rem;margin:3rem auto;padding:0 1rem;color:#1a1a1a}
label{display:block;margin:1rem 0 .3rem}input{width:100%;padding:.5rem;font-size:1rem;box-sizing:border-box}
button{margin-top:1.2rem;padding:.6rem 1.2rem;font-size:1rem}#result{margin-top:1rem}.error{color:#b00020}.ok{color:#1b5e20}
</style>
</head>
<body>
<h1>Nouveau mot de passe</h1>
<form id="reset">
<label for="password">Nouveau mot de passe (8 caractères au moins)</label>
<input id="password" name="password" type="password" minlength="8" maxlength="200" autocomplete="new-password" required>
<label for="confirm">Confirmez le mot de passe</label>
<input id="confirm" name="confirm" type="password" minlength="8" maxlength="200" autocomplete="new-password" required>
<button type="submit">Enregistrer</button>
</form>
<p id="result" role="status"></p>
<script nonce="${nonce}">
const form = document.getElementById('reset');
const result = document.getElementById('result');
const token = new URLSearchParams(location.search).get('token') || '';
const show = (text, ok) => { result.textContent = text; result.className = ok ? 'ok' : 'error'; };
form.addEventListener('submit', async (event) => {
  event.preventDefault();
  const password = document.getElementById('password').value;
  if (password !== document.getElementById('confirm').value) return show('Les deux mots de passe diffèrent.', false);
  try {
    const res = await fetch('/v1/api/auth/reset-password', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({ token, newPassword: password }),
    });
    const body = await res.json().catch(() => null);
    if (res.ok) { form.hidden = true; return show('Mot de passe modifié. Vous pouvez vous connecter.', true); }
    show((body && body.error && body.error.message) || 'La modification a échoué.', false);
  } catch {
    show('Le serveur ne répond pas. Réessayez.', false);
  }
});
</script>
</body>
</html>
`;

export function sendResetPasswordPage(koa: Koa.Context): void {
  const nonce = randomBytes(16).toString('base64');
  koa.type = 'text/html; charset=utf-8';
  koa.set(
    'Content-Security-Policy',
    `default-src 'none'; script-src 'nonce-${nonce}'; style-src 'nonce-${nonce}'; connect-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'`,
  );
  koa.set('Cache-Control', 'no-store');
  koa.set('Referrer-Policy', 'no-referrer');
  koa.body = page(nonce);
}
