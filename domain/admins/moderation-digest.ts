/**
 * The daily email of what waits for an administrator (job `admins:moderation-digest`,
 * `recrutement admin digest`): recruiters to approve, offers held by the scam rules or reported,
 * third-party apps to review. Only what someone waits on: a recruiter cannot publish, an offer is
 * not public, an integrator cannot get tokens until an administrator decides (new companies not
 * yet verified are in the trust queue, not here: nobody waits on them).
 *
 * Nothing waits, no email. Each enabled administrator who keeps `moderationDigest` gets one email
 * a Cameroon day: its row in admin_moderation_digests and the email are written in one
 * transaction, whose primary key makes a second run that day, or a second worker, send nothing.
 */
import type { Ctx } from '../context.ts';
import { inTransaction } from '../context.ts';
import { isDuplicateKeyError } from '../../lib/db-errors.ts';
import { enqueueEmails, mailText, simpleEmail, type EmailMessage } from '../mail/index.ts';
import { localDate } from '../shared/index.ts';
import { listModerationQueue } from '../trust/index.ts';
import { Admin } from '../../models/admin.ts';
import { AdminModerationDigest } from '../../models/admin-moderation-digest.ts';
import type { Langue } from '../../models/account.ts';
import { OAuthApp } from '../../models/oauth-app.ts';
import { Recruteur } from '../../models/recruteur.ts';

/** Recruiters named one by one in the email; the others are counted. */
const NAMED_RECRUITERS = 5;

export interface ModerationWaiting {
  recruiters: { nom: string; nomEntreprise: string; createdAt: Date }[];
  offres: number;
  apps: number;
}

export const waitingCount = (w: ModerationWaiting): number => w.recruiters.length + w.offres + w.apps;

/** What waits now: recruiters oldest first. */
export async function moderationWaiting(ctx: Ctx): Promise<ModerationWaiting> {
  const [recruiters, queue, apps] = await Promise.all([
    Recruteur.query(ctx.db)
      .alias('r')
      .joinRelated('entreprise', { alias: 'e' })
      .where('r.status', 'PENDING_APPROVAL')
      .orderBy([{ column: 'r.createdAt' }, { column: 'r.id' }])
      .select('r.prenom', 'r.nom', 'e.nomEntreprise', 'r.createdAt')
      .castTo<{ prenom: string; nom: string; nomEntreprise: string; createdAt: Date }[]>(),
    listModerationQueue(ctx, { limit: 500 }),
    OAuthApp.query(ctx.db).where('status', 'PENDING').resultSize(),
  ]);
  return {
    recruiters: recruiters.map((r) => ({
      nom: `${r.prenom} ${r.nom}`.trim(),
      nomEntreprise: r.nomEntreprise,
      createdAt: r.createdAt,
    })),
    offres: queue.filter((item) => item.kind === 'OFFRE').length,
    apps,
  };
}

interface DigestAdmin {
  id: number;
  prenom: string;
  email: string;
  langue: Langue;
}

export function moderationDigestEmail(ctx: Ctx, to: DigestAdmin, w: ModerationWaiting): EmailMessage {
  const c = mailText(to.langue);
  const t = c.moderationDigest;
  const subject = t.subject(waitingCount(w));
  const lines: string[] = [];
  if (w.recruiters.length)
    lines.push(t.recruiters(w.recruiters.length, c.common.date(w.recruiters[0]!.createdAt)));
  if (w.offres) lines.push(t.offres(w.offres));
  if (w.apps) lines.push(t.apps(w.apps));
  const named = w.recruiters.slice(0, NAMED_RECRUITERS).map((r) => t.recruiterLine(r.nom, r.nomEntreprise));
  if (w.recruiters.length > NAMED_RECRUITERS) named.push(t.more(w.recruiters.length - NAMED_RECRUITERS));
  const frontend = ctx.config.frontendUrl;
  const body = simpleEmail(
    c,
    [c.common.greeting(to.prenom), t.intro, lines, ...(named.length ? [named] : []), t.terminal],
    frontend ? { label: t.action, url: `${frontend}/admin` } : undefined,
    { title: subject, footer: [t.why(c.layout.platform)] },
  );
  return { to: to.email, subject, template: 'admin-moderation-digest', ...body };
}

async function digestAdmins(ctx: Ctx): Promise<DigestAdmin[]> {
  return Admin.query(ctx.db)
    .alias('ad')
    .joinRelated('account', { alias: 'a' })
    .where({ 'ad.moderationDigest': true, 'a.enabled': true })
    .orderBy('ad.id')
    .select('ad.id', 'ad.prenom', 'a.email', 'a.langue')
    .castTo<DigestAdmin[]>();
}

/** One administrator's email of the day, unless a run already sent it; whether it was written. */
async function sendOne(ctx: Ctx, admin: DigestAdmin, w: ModerationWaiting, day: string): Promise<boolean> {
  try {
    await inTransaction(ctx, async (t) => {
      await AdminModerationDigest.query(t.db).insert({ adminId: admin.id, day, createdAt: t.clock.now() });
      await enqueueEmails(t, [moderationDigestEmail(t, admin, w)]);
    });
    return true;
  } catch (err) {
    if (isDuplicateKeyError(err)) return false;
    throw err;
  }
}

export interface ModerationDigestReport {
  /** Everything that waits: recruiters + offres + apps. */
  waiting: number;
  recruiters: number;
  offres: number;
  apps: number;
  /** Administrators emailed by this run (with `dryRun`, those who would be). */
  admins: number;
}

export async function sendModerationDigests(
  ctx: Ctx,
  opts: { dryRun?: boolean } = {},
): Promise<ModerationDigestReport> {
  const w = await moderationWaiting(ctx);
  const counts = {
    waiting: waitingCount(w),
    recruiters: w.recruiters.length,
    offres: w.offres,
    apps: w.apps,
  };
  if (counts.waiting === 0) return { ...counts, admins: 0 };
  const admins = await digestAdmins(ctx);
  if (opts.dryRun) return { ...counts, admins: admins.length };
  const day = localDate(ctx.clock.now());
  let sent = 0;
  for (const admin of admins) if (await sendOne(ctx, admin, w, day)) sent += 1;
  return { ...counts, admins: sent };
}
