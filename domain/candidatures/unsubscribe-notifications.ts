/**
 * The unsubscribe links of application emails (notification-links.ts): what a token stops, in
 * which language to say it, and stopping it (idempotent). The same choices as the profile's
 * (`notifications` of PUT /candidats/me, `notificationsCandidatures` of PUT /recruiters/me,
 * `digestHebdo` and `invitationsAcceptees` of PUT /candidats/me/recommandations/preferences).
 * An invalid token, or one whose account is gone, is a 404.
 */
import type { Ctx } from '../context.ts';
import { NotFoundError } from '../errors.ts';
import { Account, type Langue } from '../../models/account.ts';
import { Candidat } from '../../models/candidat.ts';
import { Recruteur } from '../../models/recruteur.ts';
import { PREFERENCE_DEFAULTS, RecommendationPreference } from '../../models/recommendation-preference.ts';
import { readUnsubscribeToken, type NotificationKind } from './notification-links.ts';

export interface NotificationSubscription {
  kind: NotificationKind;
  langue: Langue;
  /** False once stopped. */
  active: boolean;
}

export async function notificationSubscription(ctx: Ctx, token: string): Promise<NotificationSubscription> {
  const read = await readUnsubscribeToken(ctx, token);
  if (!read) throw new NotFoundError('Subscription');
  const account = await Account.query(ctx.db).findById(read.accountId).select('langue');
  if (!account) throw new NotFoundError('Subscription');
  if (read.kind === 'candidaturesRecruteur') {
    const r = await Recruteur.query(ctx.db).findById(read.accountId).select('notificationsCandidatures');
    if (!r) throw new NotFoundError('Subscription');
    return { kind: read.kind, langue: account.langue, active: r.notificationsCandidatures !== 'NONE' };
  }
  if (read.kind === 'digestHebdo' || read.kind === 'invitationsPostuler') {
    if (!(await Candidat.query(ctx.db).findById(read.accountId).select('id')))
      throw new NotFoundError('Subscription');
    // No preferences row means the defaults (no digest; invitations accepted).
    const p = await RecommendationPreference.query(ctx.db)
      .findById(read.accountId)
      .select('digestHebdo', 'invitationsAcceptees');
    const active =
      read.kind === 'digestHebdo'
        ? (p?.digestHebdo ?? PREFERENCE_DEFAULTS.digestHebdo)
        : (p?.invitationsAcceptees ?? PREFERENCE_DEFAULTS.invitationsAcceptees);
    return { kind: read.kind, langue: account.langue, active: Boolean(active) };
  }
  const c = await Candidat.query(ctx.db)
    .findById(read.accountId)
    .select('notifyCandidatureRecue', 'notifyStatutCandidature');
  if (!c) throw new NotFoundError('Subscription');
  const on = read.kind === 'candidatureRecue' ? c.notifyCandidatureRecue : c.notifyStatutCandidature;
  return { kind: read.kind, langue: account.langue, active: Boolean(on) };
}

export async function unsubscribeNotifications(ctx: Ctx, token: string): Promise<NotificationSubscription> {
  const sub = await notificationSubscription(ctx, token);
  const { accountId } = (await readUnsubscribeToken(ctx, token))!;
  const updatedAt = ctx.clock.now();
  if (sub.kind === 'candidaturesRecruteur')
    await Recruteur.query(ctx.db).findById(accountId).patch({ notificationsCandidatures: 'NONE', updatedAt });
  else if (sub.kind === 'digestHebdo')
    await RecommendationPreference.query(ctx.db).findById(accountId).patch({ digestHebdo: false, updatedAt });
  else if (sub.kind === 'invitationsPostuler')
    // A candidate without preferences accepts invitations by default: the row is made to say no.
    await RecommendationPreference.query(ctx.db)
      .insert({ ...PREFERENCE_DEFAULTS, candidatId: accountId, invitationsAcceptees: false, updatedAt })
      .onConflict('candidatId')
      .merge({ invitationsAcceptees: false, updatedAt });
  else
    await Candidat.query(ctx.db)
      .findById(accountId)
      .patch(
        sub.kind === 'candidatureRecue'
          ? { notifyCandidatureRecue: false, updatedAt }
          : { notifyStatutCandidature: false, updatedAt },
      );
  return { ...sub, active: false };
}
