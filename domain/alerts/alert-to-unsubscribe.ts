/**
 * What the unsubscribe page of an alert email shows before anything changes (GET
 * /alertes/unsubscribe): the alert's keywords, whether it is still on, and the language to speak:
 * the account's current one for a candidate's alert, the one of the request that made a public
 * alert otherwise (the same choice as the alert emails). Reads only: mail scanners open links.
 * An unknown token is a 404.
 */
import type { Ctx } from '../context.ts';
import { NotFoundError } from '../errors.ts';
import { JobAlert } from '../../models/job-alert.ts';
import { toLangue } from '../accounts/index.ts';
import type { Langue } from '../../models/account.ts';

export interface AlertToUnsubscribe {
  keywords: string;
  active: boolean;
  langue: Langue;
}

export async function alertToUnsubscribe(ctx: Ctx, token: string): Promise<AlertToUnsubscribe> {
  const row = (await JobAlert.query(ctx.db)
    .alias('a')
    .leftJoin('accounts as acc', 'acc.id', 'a.candidatId')
    .where('a.unsubscribeToken', token)
    .select('a.keywords', 'a.active', ctx.db.raw('COALESCE(acc.langue, a.langue) AS langue'))
    .first()) as unknown as { keywords: string; active: boolean | number; langue: string } | undefined;
  if (!row) throw new NotFoundError('Alerte');
  return { keywords: row.keywords, active: Boolean(row.active), langue: toLangue(row.langue) };
}
