/**
 * The Company as the API shows it (EntrepriseResponse), built for one or many companies in a fixed
 * number of queries (no N+1 when an offer list embeds companies): the Objection graph of the
 * Entreprise model fetches each relation for all ids at once, and the recruiter counts are one
 * grouped SQL count. Its `verification` (domain/trust) is three more queries for all ids at once.
 */
import type { Knex } from 'knex';
import type { AnyQueryBuilder } from 'objection';
import type { Static } from 'typebox';
import { imageRef, fileUrl } from '../files/index.ts';
import type { EntrepriseShape } from '../shapes/index.ts';
import { Entreprise } from '../../models/entreprise.ts';
import { loadVerifications, UNVERIFIED, type VerificationView } from '../trust/index.ts';

export const PAYS = { id: 1, nom: 'Cameroun' } as const;

/** The Company as the API shows it: the static type of its one schema (logoUrl as an ImageRef). */
export type EntrepriseView = Static<typeof EntrepriseShape>;

/** What a company view needs of a company, fetched as one graph (one query per relation, for all ids at once). */
const ENTREPRISE_GRAPH =
  '[secteurActivite, ville.region, logo, websites(byId), socialNetworks(byId), pages(inOrder)]';

/** Recruiters per company, total and validated: a count, so SQL does it (no rows to fetch). */
async function recruteurCounts(
  db: Knex,
  ids: number[],
): Promise<Map<number, { total: number; validated: number }>> {
  // eslint-disable-next-line no-restricted-syntax -- SQL: GROUP BY count of recruiters per company
  const counts = (await db('recruiters')
    .whereIn('entrepriseId', ids)
    .groupBy('entrepriseId')
    .select('entrepriseId', db.raw('COUNT(*) as total'), db.raw("SUM(status = 'ACTIVE') as validated"))) as {
    entrepriseId: number;
    total: number;
    validated: number | string | null;
  }[];
  return new Map(
    counts.map((c) => [c.entrepriseId, { total: Number(c.total), validated: Number(c.validated ?? 0) }]),
  );
}

function toEntrepriseView(
  e: Entreprise,
  counts: { total: number; validated: number } | undefined,
  publicUrl: string,
  verification: VerificationView,
): EntrepriseView {
  const ville = e.ville ?? null;
  const region = ville?.region ?? null;
  const site = e.websites?.[0];
  return {
    id: e.id,
    nomEntreprise: e.nomEntreprise,
    secteurActivite: e.secteurActivite?.nom ?? null,
    description: e.description,
    anneeCreation: e.anneeCreation,
    nombreCollaborateurs: e.nombreCollaborateurs,
    presentation: e.presentation,
    cultureEntreprise: e.cultureEntreprise,
    rechercheEntreprise: e.rechercheEntreprise,
    logoUrl: e.logoFileId
      ? imageRef(publicUrl, { id: e.logoFileId, variants: e.logo?.variants ?? null })
      : null,
    bannerUrl: e.bannerFileId ? fileUrl(publicUrl, e.bannerFileId) : null,
    adresseSiege: {
      villeId: e.adresseVilleId,
      villeNom: ville?.nom ?? null,
      regionId: region?.id ?? null,
      regionNom: region?.nom ?? null,
      paysId: PAYS.id,
      paysNom: PAYS.nom,
      quartier: e.adresseQuartier,
      codePostal: e.adresseCodePostal,
      fullAddress: [e.adresseQuartier, ville?.nom, region?.nom, PAYS.nom].filter(Boolean).join(', '),
    },
    siteWeb: site ? { id: site.id, nom: site.nom, url: site.url } : null,
    reseauxSociaux: (e.socialNetworks ?? []).map(({ id, plateforme, url }) => ({ id, plateforme, url })),
    pages: (e.pages ?? []).map(({ id, typePage, contenu, donneesJson, ordre, publie }) => ({
      id,
      typePage,
      contenu,
      donneesJson,
      ordre,
      publie: Boolean(publie),
    })),
    totalRecruitersCount: counts?.total ?? 0,
    validatedRecruitersCount: counts?.validated ?? 0,
    verification,
  };
}

export async function loadEntrepriseViews(
  db: Knex,
  ids: number[],
  publicUrl: string,
  opts: { publishedPagesOnly?: boolean } = {},
): Promise<Map<number, EntrepriseView>> {
  const unique = [...new Set(ids)];
  if (!unique.length) return new Map();
  const [entreprises, counts, verifications] = await Promise.all([
    Entreprise.query(db)
      .whereIn('id', unique)
      .withGraphFetched(ENTREPRISE_GRAPH)
      .modifiers({
        byId: (q: AnyQueryBuilder) => {
          q.orderBy('id');
        },
        inOrder: (q: AnyQueryBuilder) => {
          q.orderBy(['ordre', 'id']);
          if (opts.publishedPagesOnly) q.where('publie', true);
        },
      }),
    recruteurCounts(db, unique),
    loadVerifications(db, unique),
  ]);
  return new Map(
    entreprises.map((e) => [
      e.id,
      toEntrepriseView(e, counts.get(e.id), publicUrl, verifications.get(e.id) ?? UNVERIFIED),
    ]),
  );
}

export async function loadEntrepriseView(
  db: Knex,
  id: number,
  publicUrl: string,
  opts: { publishedPagesOnly?: boolean } = {},
): Promise<EntrepriseView | null> {
  return (await loadEntrepriseViews(db, [id], publicUrl, opts)).get(id) ?? null;
}
