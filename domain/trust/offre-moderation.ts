/**
 * Holding offers that ask candidates for money, and the administrators' decisions.
 *
 * - screenOffre: the enabled scam rules run on the offer's text (title, description, experience,
 *   skills, department, place). Called by the publish and edit use cases inside their transaction.
 * - holdOffre: the offer stays unpublished (a DRAFT keeps its status; a PUBLISHED offer edited into a
 *   match is hidden), `moderation: {status: "HELD", reasons}` shows on the recruiter's view, the
 *   recruiter is emailed why, `offre.held` is recorded: all in the caller's transaction.
 * - releaseOffre / rejectOffre: an administrator publishes (a held DRAFT becomes PUBLISHED, within
 *   its deadline and the company's plan quota, as a recruiter's publish) or
 *   rejects (a PUBLISHED offer is archived), with a reason, audited, evented; open reports are
 *   resolved and their reporters emailed the outcome.
 *
 * The spec's offer statuses never change meaning: moderation lives in offre_moderations, and a row
 * with `blocked` keeps the offer out of every public list, page, feed and search (the search journal
 * sees its changes through triggers).
 */
import type { Ctx } from '../context.ts';
import { actorLabel, inTransaction } from '../context.ts';
import { bilingual, ConflictError, inputError, NotFoundError } from '../errors.ts';
import { recordAudit } from '../audit/index.ts';
import { recordEvent } from '../events/index.ts';
import { enqueueEmail } from '../mail/index.ts';
import type { Langue } from '../../models/account.ts';
import { assertPublishQuota, closeOffre, lockEntrepriseForPublishing } from '../offre-lifecycle/index.ts';
import { localDate } from '../shared/index.ts';
import { Offre } from '../../models/offre.ts';
import { OffreModeration, type ModerationStatus } from '../../models/offre-moderation.ts';
import { OffreReport } from '../../models/offre-report.ts';
import { Recruteur } from '../../models/recruteur.ts';
import { matchScamRules, reasonsOf, type ScamHit } from './scam-matcher.ts';
import { loadActiveScamRules } from './scam-rules.ts';
import { offreDecisionEmail, offreHeldEmail, reportOutcomeEmail } from './trust-emails.ts';

export interface ModerationView {
  status: Exclude<ModerationStatus, 'RELEASED'>;
  reasons: string[];
  note: string | null;
  since: Date;
}

/** The text the rules read: every field a candidate reads. */
export function offreText(o: {
  titre: string;
  description: string | null;
  experience: string | null;
  departement: string | null;
  localisation: string | null;
  competences: string[] | null;
}): string {
  return [o.titre, o.departement, o.localisation, o.experience, ...(o.competences ?? []), o.description]
    .filter((s): s is string => typeof s === 'string' && s.trim() !== '')
    .join('\n');
}

export async function screenOffre(ctx: Ctx, offreId: number): Promise<ScamHit[]> {
  const offre = await Offre.query(ctx.db)
    .findById(offreId)
    .select('titre', 'description', 'experience', 'departement', 'localisation', 'competences');
  if (!offre) return [];
  return matchScamRules(offreText(offre), await loadActiveScamRules(ctx));
}

export async function moderationOf(ctx: Ctx, offreId: number): Promise<OffreModeration | undefined> {
  return OffreModeration.query(ctx.db).findById(offreId);
}

/** Moderation states shown to the offer's company and admins (RELEASED is history: not shown). */
export async function loadModerationViews(
  ctx: Ctx,
  offreIds: number[],
): Promise<Map<number, ModerationView>> {
  if (!offreIds.length) return new Map();
  const rows = await OffreModeration.query(ctx.db)
    .whereIn('offreId', offreIds)
    .whereNot('status', 'RELEASED');
  return new Map(
    rows.map((r) => [
      r.offreId,
      { status: r.status as ModerationView['status'], reasons: r.reasons, note: r.note, since: r.since },
    ]),
  );
}

async function recruteurContact(
  ctx: Ctx,
  recruteurId: number | null,
): Promise<{ email: string; langue: Langue; prenom: string } | null> {
  if (recruteurId === null) return null;
  const r = await Recruteur.query(ctx.db)
    .alias('r')
    .join('accounts as a', 'a.id', 'r.id')
    .findById(recruteurId)
    .select('r.prenom', 'a.email', 'a.langue');
  return r ? (r as unknown as { email: string; langue: Langue; prenom: string }) : null;
}

async function upsertModeration(
  ctx: Ctx,
  offreId: number,
  state: {
    status: ModerationStatus;
    blocked: boolean;
    reasons: string[];
    note?: string | null;
    decided?: boolean;
  },
): Promise<void> {
  const now = ctx.clock.now();
  const row = {
    status: state.status,
    blocked: state.blocked,
    reasons: state.reasons,
    note: state.note ?? null,
    ...(state.decided
      ? { decidedAt: now, decidedBy: actorLabel(ctx.actor).actorEmail ?? actorLabel(ctx.actor).actorId }
      : { since: now, decidedAt: null, decidedBy: null }),
  };
  const n = await OffreModeration.query(ctx.db).findById(offreId).patch(row);
  if (n === 0) await OffreModeration.query(ctx.db).insert({ offreId, since: now, ...row });
}

/**
 * Holds the offer (see the header). Idempotent: an offer already held for the same reasons is left
 * as it is, without a second email.
 */
export async function holdOffre(
  ctx: Ctx,
  offreId: number,
  reasons: string[],
  hits: ScamHit[] = [],
): Promise<void> {
  const offre = await Offre.query(ctx.db)
    .findById(offreId)
    .select('id', 'titre', 'entrepriseId', 'recruteurId', 'status');
  if (!offre) throw new NotFoundError('Offre');
  const current = await moderationOf(ctx, offreId);
  if (current?.status === 'HELD' && JSON.stringify(current.reasons) === JSON.stringify(reasons)) return;
  await upsertModeration(ctx, offreId, { status: 'HELD', blocked: true, reasons });
  await recordEvent(
    ctx,
    'offre.held',
    { offreId, entrepriseId: offre.entrepriseId, titre: offre.titre, status: offre.status, reasons },
    { entrepriseId: offre.entrepriseId },
  );
  await recordAudit(
    ctx,
    'offre.hold',
    { type: 'offre', id: offreId },
    {
      reasons,
      rules: hits.map((h) => ({ code: h.ruleCode, version: h.version, excerpt: h.excerpt })),
    },
  );
  const contact = await recruteurContact(ctx, offre.recruteurId);
  if (contact)
    await enqueueEmail(
      ctx,
      offreHeldEmail({
        to: contact.email,
        langue: contact.langue,
        prenom: contact.prenom,
        titre: offre.titre,
        reasons,
      }),
    );
}

/**
 * For the publish use case, in its transaction, before the status changes: true when the offer must
 * not be published (held now). An offer an administrator rejected goes back to the queue.
 */
export async function holdBeforePublish(ctx: Ctx, offreId: number): Promise<boolean> {
  const hits = await screenOffre(ctx, offreId);
  const current = await moderationOf(ctx, offreId);
  const reasons = [...reasonsOf(hits), ...(current?.status === 'REJECTED' ? ['RESUBMITTED'] : [])];
  if (!reasons.length) {
    if (current && current.status !== 'RELEASED')
      await upsertModeration(ctx, offreId, { status: 'RELEASED', blocked: false, reasons: current.reasons });
    return false;
  }
  await holdOffre(ctx, offreId, reasons, hits);
  return true;
}

/**
 * For the edit use case, after the change: a PUBLISHED offer that now matches is hidden and held; a
 * PUBLISHED offer held by the rules that no longer matches is released. Hidden-by-reports and
 * rejected states are an administrator's to end.
 */
export async function screenAfterEdit(ctx: Ctx, offreId: number): Promise<void> {
  const offre = await Offre.query(ctx.db).findById(offreId).select('status');
  if (offre?.status !== 'PUBLISHED') return;
  const hits = await screenOffre(ctx, offreId);
  const current = await moderationOf(ctx, offreId);
  if (hits.length) {
    if (current?.status === 'HIDDEN' || current?.status === 'REJECTED') return;
    await holdOffre(ctx, offreId, reasonsOf(hits), hits);
  } else if (current?.status === 'HELD' && !current.reasons.includes('RESUBMITTED')) {
    await upsertModeration(ctx, offreId, { status: 'RELEASED', blocked: false, reasons: current.reasons });
  }
}

async function resolveReports(ctx: Ctx, offreId: number, titre: string, removed: boolean): Promise<number> {
  const open = await OffreReport.query(ctx.db).where({ offreId }).whereNull('resolvedAt');
  if (!open.length) return 0;
  await OffreReport.query(ctx.db)
    .whereIn(
      'id',
      open.map((r) => r.id),
    )
    .patch({ resolvedAt: ctx.clock.now(), outcome: removed ? 'REMOVED' : 'KEPT' });
  for (const r of open)
    if (r.email)
      await enqueueEmail(
        ctx,
        reportOutcomeEmail({ to: r.email, langue: r.langue === 'en' ? 'en' : 'fr', titre, removed }),
      );
  return open.length;
}

export interface ModerationDecision {
  offreId: number;
  status: ModerationStatus;
  offreStatus: string;
  reportsResolved: number;
}

async function loadForDecision(ctx: Ctx, offreId: number) {
  const offre = await Offre.query(ctx.db)
    .findById(offreId)
    .forUpdate()
    .select('id', 'titre', 'entrepriseId', 'recruteurId', 'status', 'deadline');
  if (!offre) throw new NotFoundError('Offre');
  const current = await OffreModeration.query(ctx.db).findById(offreId).forUpdate();
  const openReports = await OffreReport.query(ctx.db).where({ offreId }).whereNull('resolvedAt').resultSize();
  if ((!current || current.status === 'RELEASED' || current.status === 'REJECTED') && openReports === 0)
    throw new ConflictError(
      'INVALID_TRANSITION',
      bilingual(
        'Cette offre n’attend pas de décision de modération',
        'This offer is not waiting for a moderation decision',
      ),
    );
  return { offre, current };
}

/** An administrator publishes a held or hidden offer (or dismisses the reports on a public one). */
export async function releaseOffre(
  ctx: Ctx,
  offreId: number,
  reason: string | null,
): Promise<ModerationDecision> {
  return inTransaction(ctx, async (t) => {
    // The company's row before the offer's, as a recruiter's publish takes them.
    const owner = await Offre.query(t.db).findById(offreId).select('entrepriseId');
    if (!owner) throw new NotFoundError('Offre');
    const entreprise = await lockEntrepriseForPublishing(t, owner.entrepriseId);
    const { offre, current } = await loadForDecision(t, offreId);
    if (offre.status === 'ARCHIVED')
      throw new ConflictError(
        'INVALID_TRANSITION',
        bilingual('Une offre archivée ne peut pas être publiée', 'An archived offer cannot be published'),
      );
    const now = t.clock.now();
    let offreStatus = offre.status;
    if (offre.status === 'DRAFT') {
      // A held draft is published as the recruiter's publish would have: not past its deadline,
      // within the plan (the company may have published others while it waited).
      if (offre.deadline && offre.deadline < localDate(now))
        throw new ConflictError(
          'INVALID_TRANSITION',
          bilingual(
            'La date limite de l’offre est passée : le recruteur doit en choisir une plus tardive pour qu’elle puisse être publiée',
            'The offer’s deadline has passed: the recruiter sets a later one, then it can be published',
          ),
          `deadline: ${offre.deadline}`,
        );
      await assertPublishQuota(t, entreprise);
      await Offre.query(t.db)
        .findById(offreId)
        .where('status', 'DRAFT')
        .patch({ status: 'PUBLISHED', publishedAt: now, updatedAt: now });
      offreStatus = 'PUBLISHED';
      await recordEvent(
        t,
        'offre.published',
        { offreId, entrepriseId: offre.entrepriseId, titre: offre.titre, publishedAt: now.toISOString() },
        { entrepriseId: offre.entrepriseId },
      );
    }
    await upsertModeration(t, offreId, {
      status: 'RELEASED',
      blocked: false,
      reasons: current?.reasons ?? [],
      note: reason,
      decided: true,
    });
    await recordEvent(
      t,
      'offre.released',
      { offreId, entrepriseId: offre.entrepriseId, titre: offre.titre },
      { entrepriseId: offre.entrepriseId },
    );
    await recordAudit(
      t,
      'offre.moderation.release',
      { type: 'offre', id: offreId },
      { reason, previous: current?.status ?? null },
    );
    const reportsResolved = await resolveReports(t, offreId, offre.titre, false);
    const contact =
      current && current.status !== 'RELEASED' ? await recruteurContact(t, offre.recruteurId) : null;
    if (contact)
      await enqueueEmail(
        t,
        offreDecisionEmail({
          ...contact,
          to: contact.email,
          titre: offre.titre,
          decision: 'RELEASED',
          reason,
        }),
      );
    return { offreId, status: 'RELEASED' as const, offreStatus, reportsResolved };
  });
}

/** An administrator rejects a held, hidden or reported offer: never public again until resubmitted and reviewed. */
export async function rejectOffre(ctx: Ctx, offreId: number, reason: string): Promise<ModerationDecision> {
  if (!reason.trim()) throw inputError('A reason is required', 'body.reason', 'blank');
  return inTransaction(ctx, async (t) => {
    const { offre, current } = await loadForDecision(t, offreId);
    let offreStatus = offre.status;
    // A rejected public offer closes the one way offers close (its `offre.closed` event included).
    if (offre.status === 'PUBLISHED' && (await closeOffre(t, offre, 'ADMIN_ARCHIVED')))
      offreStatus = 'ARCHIVED';
    await upsertModeration(t, offreId, {
      status: 'REJECTED',
      blocked: true,
      reasons: current?.reasons ?? ['REPORTED'],
      note: reason,
      decided: true,
    });
    await recordEvent(
      t,
      'offre.rejected',
      { offreId, entrepriseId: offre.entrepriseId, titre: offre.titre, reason },
      { entrepriseId: offre.entrepriseId },
    );
    await recordAudit(
      t,
      'offre.moderation.reject',
      { type: 'offre', id: offreId },
      { reason, previous: current?.status ?? null },
    );
    const reportsResolved = await resolveReports(t, offreId, offre.titre, true);
    const contact = await recruteurContact(t, offre.recruteurId);
    if (contact)
      await enqueueEmail(
        t,
        offreDecisionEmail({
          ...contact,
          to: contact.email,
          titre: offre.titre,
          decision: 'REJECTED',
          reason,
        }),
      );
    return { offreId, status: 'REJECTED' as const, offreStatus, reportsResolved };
  });
}
