/**
 * The unsubscribe links of application emails, of the weekly recommendations digest and of
 * invitations to apply: a signed
 * token naming the account and the kind of email it stops, so nothing is stored per email and a
 * token cannot be forged or turned to another account. The key is a random secret the deployment
 * generates once and keeps in the database (app_secrets), read once per process.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Knex } from 'knex';
import type { Ctx } from '../context.ts';

/**
 * What an unsubscribe link stops: the candidate's two kinds, a recruiter's application emails, the
 * candidate's weekly selection of recommended offers, or companies' invitations to apply
 * (domain/recommendations).
 */
export const NOTIFICATION_KINDS = [
  'candidatureRecue',
  'statutCandidature',
  'candidaturesRecruteur',
  'digestHebdo',
  'invitationsPostuler',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];
const KINDS: readonly NotificationKind[] = NOTIFICATION_KINDS;

const SECRET_NAME = 'notifications_link_secret';
const secrets = new WeakMap<Knex, Promise<string>>();

async function readSecret(db: Knex): Promise<string> {
  // INSERT IGNORE: processes starting together keep the first secret written.
  await db.raw('INSERT IGNORE INTO app_secrets (name, value) VALUES (?, ?)', [
    SECRET_NAME,
    randomBytes(32).toString('base64url'),
  ]);
  // eslint-disable-next-line no-restricted-syntax -- SQL: app_secrets is infrastructure (no model)
  const row = (await db('appSecrets').where({ name: SECRET_NAME }).first('value')) as { value: string };
  return row.value;
}

/** The signing key; read before a transaction opens, so a use case's statements stay its own. */
export function notificationSecret(ctx: Ctx): Promise<string> {
  let secret = secrets.get(ctx.db);
  if (!secret) {
    secret = readSecret(ctx.db);
    secret.catch(() => secrets.delete(ctx.db));
    secrets.set(ctx.db, secret);
  }
  return secret;
}

const signature = (secret: string, accountId: number, kind: NotificationKind) =>
  createHmac('sha256', secret).update(`unsubscribe:${accountId}:${kind}`).digest('base64url');

export function unsubscribeToken(secret: string, accountId: number, kind: NotificationKind): string {
  return `${accountId}.${kind}.${signature(secret, accountId, kind)}`;
}

/** The account and kind a token names, or null when it is malformed or not ours. */
export async function readUnsubscribeToken(
  ctx: Ctx,
  token: string,
): Promise<{ accountId: number; kind: NotificationKind } | null> {
  const [id, kind, sig, ...rest] = token.split('.');
  const accountId = Number(id);
  if (rest.length || !Number.isSafeInteger(accountId) || accountId < 1) return null;
  if (!KINDS.includes(kind as NotificationKind) || !sig) return null;
  const expected = Buffer.from(signature(await notificationSecret(ctx), accountId, kind as NotificationKind));
  const given = Buffer.from(sig);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return { accountId, kind: kind as NotificationKind };
}

/** The URL of the header `List-Unsubscribe` (RFC 8058 one-click POST) and of the email's footer link. */
export function unsubscribeUrl(ctx: Ctx, token: string): string {
  return `${ctx.config.publicUrl}/v1/api/public/notifications/unsubscribe?token=${encodeURIComponent(token)}`;
}

export function unsubscribeHeaders(url: string): Record<string, string> {
  return { 'List-Unsubscribe': `<${url}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
}
