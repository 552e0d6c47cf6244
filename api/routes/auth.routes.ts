/**
 * Authentication: registration of candidates,
 * email validation, login, refresh-token rotation (and its deprecated alias), logout, password
 * reset. Login and refresh answer a bare token shape (no envelope); their failures are enveloped.
 */
import Type from 'typebox';
import { defineRoutes, Raw, Reply, type RouteDef, route } from '../http/route.ts';
import { Empty } from '../schemas/common.ts';
import {
  CandidatRegistrationBody,
  ForgotPasswordBody,
  LoginBody,
  LogoutBody,
  RefreshBody,
  RegisteredCandidat,
  ResetPasswordBody,
  ResetPasswordForm,
  TokenPair,
  ValidatedEmail,
  ValidateEmailQuery,
} from '../schemas/auth.ts';
import { claimsOf } from '../middleware/authenticate.ts';
import { inputError, UnauthorizedError } from '../../domain/errors.ts';
import { registerCandidat } from '../../domain/candidats/register-candidat.ts';
import { validateEmail } from '../../domain/recruteurs/validate-email.ts';
import { login } from '../../domain/auth/login.ts';
import { refreshSession } from '../../domain/auth/refresh-session.ts';
import { logout } from '../../domain/auth/logout.ts';
import { forgotPassword } from '../../domain/auth/forgot-password.ts';
import { resetPassword } from '../../domain/auth/reset-password.ts';
import { sendResetPasswordDone, sendResetPasswordPage } from './reset-password-page.ts';
import { languageOf } from '../i18n/language.ts';
import { withLangue } from '../i18n/account-langue.ts';

const tag = 'Auth';
const REFRESH_SUCCESSOR = '/v1/api/auth/refresh-token';
/** Six months after the alias was announced (a deprecated route is removed 180 days after its announcement). */
const REFRESH_ALIAS_SUNSET = 'Sun, 23 May 2027 00:00:00 GMT';

const refreshRoute = (path: string): RouteDef =>
  route({
    method: 'post',
    path,
    tag,
    summary:
      path === '/auth/refresh' ? 'Deprecated alias of POST /auth/refresh-token' : 'Rotate the refresh token',
    description:
      'Returns a new pair (bare, not enveloped); the refresh token sent is dead afterwards. Presenting a dead refresh token again ' +
      'revokes every token of that login (reuse detection) and answers 401.',
    access: 'public',
    rateCategory: 'standardAuth',
    leavesPublicAnswers: true,
    envelope: false,
    body: RefreshBody,
    response: TokenPair,
    errors: {
      401: 'TOKEN_INVALID (not a refresh token of ours), TOKEN_EXPIRED, TOKEN_REVOKED (revoked, or reused: its whole login is revoked)',
      403: 'ACCOUNT_NOT_ACTIVE: the account was disabled or suspended',
    },
    ...(path === '/auth/refresh'
      ? { deprecated: { successor: REFRESH_SUCCESSOR, sunset: REFRESH_ALIAS_SUNSET } }
      : {}),
    handler: ({ ctx, body }) => refreshSession(ctx, body.refreshToken),
  });

export const routes = defineRoutes([
  route({
    method: 'post',
    path: '/candidates/register',
    tag: 'Candidate Auth',
    summary: 'Register a candidate',
    description:
      'Creates a CANDIDAT account with an unverified email and emails a validation link (valid 48 hours). ' +
      'The account’s `langue` (language of its emails) is the one sent, else the one chosen by Accept-Language.',
    access: 'public',
    rateCategory: 'registration',
    body: CandidatRegistrationBody,
    response: RegisteredCandidat,
    errors: { 409: 'EMAIL_ALREADY_USED' },
    handler: async ({ ctx, koa, body }) =>
      new Reply(
        await registerCandidat(ctx, withLangue(body, languageOf(koa))),
        'Compte créé : validez votre adresse email',
      ),
  }),
  route({
    method: 'get',
    path: '/auth/validate-email',
    tag,
    summary: 'Validate an email address',
    description:
      'Spends the emailed token. A recruiter moves PENDING_EMAIL -> PENDING_DOCS (an invited member -> ACTIVE). 400 INVALID_TOKEN when wrong, used or expired.',
    access: 'public',
    rateCategory: 'standardAuth',
    query: ValidateEmailQuery,
    response: ValidatedEmail,
    handler: async ({ ctx, query }) =>
      new Reply(await validateEmail(ctx, query.token), 'Adresse email validée'),
  }),
  route({
    method: 'post',
    path: '/auth/login',
    tag,
    summary: 'Log in',
    description:
      'Bare token answer, not enveloped. 401 INVALID_CREDENTIALS (same for an unknown email), 403 EMAIL_NOT_VERIFIED, 403 ACCOUNT_NOT_ACTIVE ' +
      '(disabled account, REJECTED or SUSPENDED recruiter). Recruiters in PENDING_DOCS / PENDING_APPROVAL may log in.',
    access: 'public',
    rateCategory: 'criticalAuth',
    leavesPublicAnswers: true,
    envelope: false,
    body: LoginBody,
    response: TokenPair,
    errors: { 401: 'INVALID_CREDENTIALS', 403: 'EMAIL_NOT_VERIFIED, ACCOUNT_NOT_ACTIVE' },
    handler: ({ ctx, body }) => login(ctx, body),
  }),
  refreshRoute('/auth/refresh-token'),
  refreshRoute('/auth/refresh'),
  route({
    method: 'post',
    path: '/auth/logout',
    tag,
    summary: 'Log out',
    description:
      'Revokes the access token used and the refresh tokens of its login (and of the login of `refreshToken` when given): refused at once by the instance that served the logout, by every other within 1 s.',
    access: ['CANDIDAT', 'RECRUTEUR', 'ADMIN', 'SUPER_ADMIN'],
    rateCategory: 'standardAuth',
    leavesPublicAnswers: true,
    body: LogoutBody,
    response: Empty,
    handler: async ({ ctx, koa, body }) => {
      const claims = claimsOf(koa);
      if (!claims) throw new UnauthorizedError();
      await logout(ctx, { familyId: claims.fam }, body.refreshToken);
      return new Reply({}, 'Déconnecté');
    },
  }),
  route({
    method: 'post',
    path: '/auth/forgot-password',
    leavesPublicAnswers: true,
    tag,
    summary: 'Ask for a password reset email',
    description:
      'Always the same answer; when an account has this email, a single-use link valid 1 hour is emailed, at most 3 per address per clock hour and 10 per Cameroon calendar day (past that nothing is sent, the newest link stays valid, and the answer is unchanged).',
    access: 'public',
    rateCategory: 'criticalAuth',
    body: ForgotPasswordBody,
    response: Empty,
    handler: async ({ ctx, body }) => {
      await forgotPassword(ctx, body.email);
      return new Reply(
        {},
        'Si un compte existe pour cette adresse, un email de réinitialisation a été envoyé',
      );
    },
  }),
  route({
    method: 'get',
    path: '/auth/reset-password',
    tag,
    summary: 'The page of the reset link (when FRONTEND_URL is not set)',
    description:
      'A minimal HTML form (new password twice, the `token` of its address in a hidden field): a `method="post"` form to ' +
      'POST /auth/reset-password/form, so it works without script and the passwords never appear in a URL; with script it ' +
      'posts JSON to POST /auth/reset-password instead. It is what the reset email links to when no frontend is configured.',
    access: 'public',
    query: Type.Object({ token: Type.Optional(Type.String({ maxLength: 200 })) }),
    envelope: false,
    produces: 'text/html',
    response: Type.String({ description: 'an HTML page' }),
    handler: async ({ koa, query }) => {
      sendResetPasswordPage(koa, query.token ?? '');
      return Raw.instance;
    },
  }),
  route({
    method: 'post',
    path: '/auth/reset-password/form',
    tag,
    summary: 'Set a new password from the reset page’s form (without script)',
    description:
      'What the page of GET /auth/reset-password posts when the browser runs no script: an HTML form ' +
      '(`application/x-www-form-urlencoded`: `token`, `password`, `confirm`), answered with a small HTML page. ' +
      'Same effect as POST /auth/reset-password (every existing token of the account revoked); errors are the JSON ' +
      'envelope: 400 INVALID_TOKEN when the token is wrong, used or expired, 400 VALIDATION_ERROR when the two passwords differ.',
    access: 'public',
    rateCategory: 'criticalAuth',
    form: true,
    body: ResetPasswordForm,
    envelope: false,
    produces: 'text/html',
    response: Type.String({ description: 'an HTML page' }),
    handler: async ({ ctx, koa, body }) => {
      if (body.password !== body.confirm)
        throw inputError('The two passwords differ', 'body.confirm', 'mismatch', { other: 'password' });
      await resetPassword(ctx, { token: body.token, newPassword: body.password });
      sendResetPasswordDone(koa);
      return Raw.instance;
    },
  }),
  route({
    method: 'post',
    path: '/auth/reset-password',
    tag,
    summary: 'Set a new password with the emailed token',
    description:
      'Every existing token of the account is revoked. 400 INVALID_TOKEN when wrong, used or expired.',
    access: 'public',
    rateCategory: 'criticalAuth',
    body: ResetPasswordBody,
    response: Empty,
    handler: async ({ ctx, body }) => {
      await resetPassword(ctx, body);
      return new Reply({}, 'Mot de passe modifié');
    },
  }),
]);
