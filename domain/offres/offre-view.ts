/**
 * The OffreEmploiResponse for one or many offers in a fixed number of queries: the offer
 * rows with their recruiter, then every company at once (loadEntrepriseViews), so a page of offers
 * never costs one query per offer.
 *
 * Internals stay with the offer's company: anonymous callers, candidates and other companies see
 * `recruteurEmail` and the pipeline counters (all but `totalCandidatures`) as null; ACTIVE
 * recruiters of the company and admins see everything (visibleOffreViews). The full views can be
 * shared by every caller (the search cache keeps them), so the mask is applied per caller, last.
 * `moderation` (domain/trust: held, hidden or rejected) is company-only too: absent from public views.
 */
import type { Knex } from 'knex';
import type { Static } from 'typebox';
import type { Ctx } from '../context.ts';
import { loadEntrepriseViews } from '../entreprises/index.ts';
import { loadModerationViews } from '../trust/index.ts';
import { numberOrNull, pageOf, paginate, type Page, type PageRequest } from '../shared/index.ts';
import type { Offre } from '../shapes/index.ts';
import { jsonStringsColumn } from '../../lib/json-column.ts';
import { Recruteur } from '../../models/recruteur.ts';

/** The offer as the API shows it (OffreEmploiResponse): the static type of its one schema. */
export type OffreView = Static<typeof Offre>;

/**
 * The offer row as selected: the view's columns before parsing, the company as its id, the
 * recruiter's name in two parts.
 */
interface OffreRow extends Omit<
  OffreView,
  'competences' | 'salaireMin' | 'salaireMax' | 'entreprise' | 'recruteurNom'
> {
  entrepriseId: number;
  competences: string | string[] | null;
  salaireMin: number | string | null;
  salaireMax: number | string | null;
  recruteurNom: string | null;
  recruteurPrenom: string | null;
}

export const parseCompetences = jsonStringsColumn;

function offreRows(db: Knex, ids: number[]): Promise<OffreRow[]> {
  // eslint-disable-next-line no-restricted-syntax -- SQL: one round trip for the offer page (offer + recruiter name and email joined, chosen columns)
  return db('offres as o')
    .leftJoin('recruiters as r', 'r.id', 'o.recruteurId')
    .leftJoin('accounts as a', 'a.id', 'o.recruteurId')
    .whereIn('o.id', ids)
    .select(
      'o.id',
      'o.entrepriseId',
      'o.titre',
      'o.departement',
      'o.localisation',
      'o.villeId',
      'o.contractType',
      'o.description',
      'o.experience',
      'o.competences',
      'o.salaireMin',
      'o.salaireMax',
      'o.remotePossible',
      'o.deadline',
      'o.status',
      'o.publishedAt',
      'o.createdAt',
      'o.updatedAt',
      'o.recruteurId',
      'r.nom as recruteurNom',
      'r.prenom as recruteurPrenom',
      'a.email as recruteurEmail',
      'o.totalCandidatures',
      'o.nouveaux',
      'o.enCours',
      'o.rencontres',
      'o.refuses',
      'o.embauches',
      'o.arencontrer',
    ) as Promise<OffreRow[]>;
}

/** What the offer's company alone sees: null for everyone else. */
const INTERNAL_FIELDS = [
  'recruteurEmail',
  'nouveaux',
  'enCours',
  'rencontres',
  'refuses',
  'embauches',
  'arencontrer',
] as const;

export function publicOffreView(view: OffreView): OffreView {
  const { moderation: _moderation, ...masked } = view;
  for (const field of INTERNAL_FIELDS) masked[field] = null;
  return masked;
}

/** The company whose offers the caller sees in full: null for all but an ACTIVE recruiter; 'all' for admins. */
async function entrepriseOfCaller(ctx: Ctx): Promise<number | 'all' | null> {
  if (ctx.actor.type !== 'account') return null;
  if (ctx.actor.role === 'ADMIN' || ctx.actor.role === 'SUPER_ADMIN') return 'all';
  if (ctx.actor.role !== 'RECRUTEUR') return null;
  const row = await Recruteur.query(ctx.db)
    .findById(ctx.actor.id)
    .where({ status: 'ACTIVE' })
    .select('entrepriseId');
  return row?.entrepriseId ?? null;
}

/** The views as this caller may see them (see the header). */
export async function visibleOffreViews(ctx: Ctx, views: OffreView[]): Promise<OffreView[]> {
  if (!views.length) return views;
  const entreprise = await entrepriseOfCaller(ctx);
  if (entreprise === 'all') return views;
  return views.map((v) => (entreprise !== null && v.entreprise?.id === entreprise ? v : publicOffreView(v)));
}

/** Views of the given offers as this caller may see them, in the order of `ids` (ids that do not exist are skipped). */
export async function loadOffreViews(ctx: Ctx, ids: number[]): Promise<OffreView[]> {
  return visibleOffreViews(ctx, await loadFullOffreViews(ctx, ids));
}

/** Full views of the given offers, internals included, whoever asks: for caches, which mask them per caller. */
export async function loadFullOffreViews(ctx: Ctx, ids: number[]): Promise<OffreView[]> {
  if (!ids.length) return [];
  const rows = await offreRows(ctx.db, ids);
  const [entreprises, moderations] = await Promise.all([
    loadEntrepriseViews(
      ctx.db,
      rows.map((r) => r.entrepriseId),
      ctx.config.publicUrl,
      { publishedPagesOnly: true },
    ),
    loadModerationViews(ctx, ids),
  ]);
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => {
    const r = byId.get(id);
    if (!r) return [];
    const view: OffreView = {
      id: r.id,
      titre: r.titre,
      departement: r.departement,
      localisation: r.localisation,
      villeId: r.villeId,
      contractType: r.contractType,
      description: r.description,
      experience: r.experience,
      competences: parseCompetences(r.competences),
      salaireMin: numberOrNull(r.salaireMin),
      salaireMax: numberOrNull(r.salaireMax),
      remotePossible: Boolean(r.remotePossible),
      deadline: r.deadline,
      status: r.status,
      publishedAt: r.publishedAt,
      createdAt: r.createdAt,
      updatedAt: r.updatedAt,
      entreprise: entreprises.get(r.entrepriseId) ?? null,
      recruteurId: r.recruteurId,
      // The API has one name field: the recruiter's full name, first name first.
      recruteurNom:
        r.recruteurNom === null ? null : [r.recruteurPrenom, r.recruteurNom].filter(Boolean).join(' '),
      recruteurEmail: r.recruteurEmail,
      totalCandidatures: r.totalCandidatures,
      nouveaux: r.nouveaux,
      enCours: r.enCours,
      rencontres: r.rencontres,
      refuses: r.refuses,
      embauches: r.embauches,
      arencontrer: r.arencontrer,
    };
    const moderation = moderations.get(r.id);
    if (moderation) view.moderation = moderation;
    return [view];
  });
}

export async function loadOffreView(ctx: Ctx, id: number): Promise<OffreView | null> {
  return (await loadOffreViews(ctx, [id]))[0] ?? null;
}

/** One page of offers: paginates a query selecting offer ids (as `id`), then loads their views. */
export async function pageOfOffreViews(
  ctx: Ctx,
  idsQuery: Knex.QueryBuilder,
  req: PageRequest,
  tieBreaker: string,
): Promise<Page<OffreView>> {
  const { rows, total } = await paginate<{ id: number }>(idsQuery, req, tieBreaker);
  return pageOf(
    await loadOffreViews(
      ctx,
      rows.map((r) => r.id),
    ),
    total,
    req,
  );
}
