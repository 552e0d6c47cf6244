/**
 * The weekly "offers for you" digest (job `recommendations:weekly-digest`, CLI
 * `recrutement recommendations digest`).
 *
 * - Subscribers (digestHebdo on, account enabled) are read in keyset batches (digest-candidats.ts),
 *   leaving out those already served this Cameroon week (digest-week.ts).
 * - Each one's offers are the head of their recommendations that no earlier digest sent
 *   (pick-digest-offres.ts); nothing new, nothing sent.
 * - Per candidate, ONE transaction locks the preferences row (an unsubscribe that came meanwhile
 *   wins), writes the email to the outbox, the SMS when their mobile takes them (digest-sms.ts),
 *   the digest row (unique (candidat, week)) and the offers sent (primary key (candidat, offre)).
 *   A second worker or a re-run racing this one fails on those keys and sends nothing; a failure
 *   rolls back that candidate only, served at the next run while the others go on. (Per candidate
 *   rather than per batch as alerts do: ranking costs far more than a commit here.)
 * - dryRun computes the same report and writes nothing.
 */
import { inTransaction, type Ctx } from '../context.ts';
import { isDuplicateKeyError } from '../../lib/db-errors.ts';
import { enqueueEmail } from '../mail/index.ts';
import { mapLimited } from '../shared/index.ts';
import { notificationSecret, unsubscribeToken, unsubscribeUrl } from '../candidatures/index.ts';
import { RecommendationDigest } from '../../models/recommendation-digest.ts';
import { RecommendationDigestOffre } from '../../models/recommendation-digest-offre.ts';
import { RecommendationPreference } from '../../models/recommendation-preference.ts';
import { engineOf, releaseRunEngine, type Ranked } from './engine.ts';
import type { OffreDoc } from './match.ts';
import { digestCandidatsAfter, type DigestCandidat } from './digest-candidats.ts';
import { pickDigestOffres } from './pick-digest-offres.ts';
import { digestSms } from './digest-sms.ts';
import { weekStartOf } from './digest-week.ts';
import { weeklyDigestEmail } from './emails.ts';

export interface DigestRunReport {
  weekStart: string;
  candidatsScanned: number;
  digestsSent: number;
  offresSent: number;
  smsQueued: number;
  candidatsFailed: number;
  dryRun: boolean;
}

export interface DigestRunOptions {
  dryRun?: boolean;
  batchSize?: number;
  /** Candidates served at the same time within a batch (each uses connections of the pool). */
  concurrency?: number;
  /** Called after each batch (the job passes job.touch, so a long run keeps its lock). */
  heartbeat?: () => Promise<void>;
}

type Outcome =
  | { kind: 'none' }
  | { kind: 'sent'; offres: number; sms: boolean }
  | { kind: 'skipped' }
  | { kind: 'failed' };

function digestEmail(ctx: Ctx, secret: string, c: DigestCandidat, offres: Ranked<OffreDoc>[]) {
  return weeklyDigestEmail(ctx, {
    to: c.email,
    langue: c.langue,
    prenom: c.prenom,
    offres: offres.map(({ doc, pair }) => ({
      id: doc.id,
      titre: doc.titre,
      entrepriseNom: doc.entrepriseNom,
      ville: doc.villeNom,
      matchedSkills: pair.matched.skills,
    })),
    unsubscribeUrl: unsubscribeUrl(ctx, unsubscribeToken(secret, c.id, 'digestHebdo')),
  });
}

async function writeDigest(
  ctx: Ctx,
  secret: string,
  c: DigestCandidat,
  offres: Ranked<OffreDoc>[],
  weekStart: string,
): Promise<Outcome> {
  try {
    return await inTransaction(ctx, async (t): Promise<Outcome> => {
      const prefs = await RecommendationPreference.query(t.db)
        .findById(c.id)
        .forUpdate()
        .select('digestHebdo');
      if (!prefs?.digestHebdo) return { kind: 'skipped' };
      const now = t.clock.now();
      const emailId = await enqueueEmail(t, digestEmail(t, secret, c, offres));
      const smsId = await digestSms(t, c, offres);
      const { id } = await RecommendationDigest.query(t.db).insert({
        candidatId: c.id,
        weekStart,
        offresCount: offres.length,
        emailId,
        smsId,
        createdAt: now,
      });
      // One multi-row INSERT: Objection inserts rows one by one on MySQL.
      await t.db(RecommendationDigestOffre.tableName).insert(
        offres.map((o, i) => ({
          candidatId: c.id,
          offreId: o.doc.id,
          digestId: id,
          position: i + 1,
          createdAt: now,
        })),
      );
      return { kind: 'sent', offres: offres.length, sms: smsId !== null };
    });
  } catch (err) {
    // Another run served this candidate meanwhile (this week, or these offers).
    if (isDuplicateKeyError(err)) return { kind: 'skipped' };
    throw err;
  }
}

async function digestOne(
  ctx: Ctx,
  secret: string,
  c: DigestCandidat,
  weekStart: string,
  dryRun: boolean,
): Promise<Outcome> {
  try {
    const offres = await pickDigestOffres(ctx, c.id);
    if (offres.length === 0) return { kind: 'none' };
    if (dryRun) return { kind: 'sent', offres: offres.length, sms: c.smsPhone !== null };
    return await writeDigest(ctx, secret, c, offres, weekStart);
  } catch (err) {
    ctx.logger.error(
      { candidatId: c.id, err: { message: (err as Error).message } },
      'weekly recommendation digest failed, retried at the next run',
    );
    return { kind: 'failed' };
  }
}

function tally(report: DigestRunReport, outcomes: Outcome[]): void {
  report.candidatsScanned += outcomes.length;
  for (const o of outcomes) {
    if (o.kind === 'failed') report.candidatsFailed += 1;
    if (o.kind !== 'sent') continue;
    report.digestsSent += 1;
    report.offresSent += o.offres;
    if (o.sms) report.smsQueued += 1;
  }
}

export async function sendWeeklyDigests(ctx: Ctx, opts: DigestRunOptions = {}): Promise<DigestRunReport> {
  const dryRun = opts.dryRun ?? false;
  const batchSize = opts.batchSize ?? 200;
  const concurrency = opts.concurrency ?? 4;
  const weekStart = weekStartOf(ctx.clock.now());
  // Read before any transaction opens (notification-links.ts); a dry run signs nothing.
  const secret = dryRun ? '' : await notificationSecret(ctx);
  const report: DigestRunReport = {
    weekStart,
    candidatsScanned: 0,
    digestsSent: 0,
    offresSent: 0,
    smsQueued: 0,
    candidatsFailed: 0,
    dryRun,
  };
  try {
    // Every offer committed before the run is ranked, even the first candidate's.
    await engineOf(ctx).upToDate();
    let afterId = 0;
    for (;;) {
      const batch = await digestCandidatsAfter(ctx, afterId, batchSize, weekStart);
      if (batch.length === 0) break;
      afterId = batch[batch.length - 1].id;
      tally(
        report,
        await mapLimited(batch, concurrency, (c) => digestOne(ctx, secret, c, weekStart, dryRun)),
      );
      await opts.heartbeat?.();
    }
  } finally {
    releaseRunEngine(ctx);
  }
  ctx.logger.info({ ...report }, 'weekly recommendation digests sent');
  return report;
}
