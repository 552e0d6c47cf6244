/**
 * The Company as the API shows it (EntrepriseResponse), built for one or many companies in a fixed
 * number of queries (no N+1 when an offer list embeds companies).
 */
import type { Knex } from 'knex';
import { imageRef, type ImageRef, fileUrl } from '../files/file-urls.ts';

export const PAYS = { id: 1, nom: 'Cameroun' } as const;

export interface CompanyView {
  id: number;
  nomEntreprise: string;
  secteurActivite: string | null;
  description: string | null;
  anneeCreation: number | null;
  nombreCollaborateurs: string | null;
  presentation: string | null;
  cultureEntreprise: string | null;
  rechercheEntreprise: string | null;
  logoUrl: ImageRef | null;
  bannerUrl: string | null;
  adresseSiege: {
    villeId: number | null;
    villeNom: string | null;
    regionId: number | null;
    regionNom: string | null;
    paysId: number;
    paysNom: string;
    quartier: string | null;
    codePostal: string | null;
    fullAddress: string;
  };
  siteWeb: { id: number; nom: string; url: string } | null;
  reseauxSociaux: { id: number; plateforme: string; url: string }[];
  pages: {
    id: number;
    typePage: string;
    contenu: string | null;
    donneesJson: string | null;
    ordre: number;
    publie: boolean;
  }[];
  totalRecruitersCount: number;
  validatedRecruitersCount: number;
}

interface CompanyRow {
  id: number;
  nomEntreprise: string;
  secteurNom: string | null;
  description: string | null;
  anneeCreation: number | null;
  nombreCollaborateurs: string | null;
  presentation: string | null;
  cultureEntreprise: string | null;
  rechercheEntreprise: string | null;
  logoFileId: number | null;
  logoVariants: string | Record<string, string> | null;
  bannerFileId: number | null;
  adresseVilleId: number | null;
  villeNom: string | null;
  regionId: number | null;
  regionNom: string | null;
  adresseQuartier: string | null;
  adresseCodePostal: string | null;
}

function groupBy<T extends { entrepriseId: number }>(rows: T[]): Map<number, T[]> {
  const m = new Map<number, T[]>();
  for (const r of rows) m.set(r.entrepriseId, [...(m.get(r.entrepriseId) ?? []), r]);
  return m;
}

export async function loadCompanyViews(
  db: Knex,
  ids: number[],
  publicUrl: string,
  opts: { publishedPagesOnly?: boolean } = {},
): Promise<Map<number, CompanyView>> {
  const unique = [...new Set(ids)];
  if (!unique.length) return new Map();
  const rows = (await db('entreprises as e')
    .leftJoin('secteursActivite as s', 's.id', 'e.secteurActiviteId')
    .leftJoin('villes as v', 'v.id', 'e.adresseVilleId')
    .leftJoin('regions as r', 'r.id', 'v.regionId')
    .leftJoin('files as lf', 'lf.id', 'e.logoFileId')
    .whereIn('e.id', unique)
    .select(
      'e.id',
      'e.nomEntreprise',
      's.nom as secteurNom',
      'e.description',
      'e.anneeCreation',
      'e.nombreCollaborateurs',
      'e.presentation',
      'e.cultureEntreprise',
      'e.rechercheEntreprise',
      'e.logoFileId',
      'lf.variants as logoVariants',
      'e.bannerFileId',
      'e.adresseVilleId',
      'v.nom as villeNom',
      'r.id as regionId',
      'r.nom as regionNom',
      'e.adresseQuartier',
      'e.adresseCodePostal',
    )) as CompanyRow[];
  const sites = groupBy(await db('entrepriseWebsites').whereIn('entrepriseId', unique).orderBy('id'));
  const socials = groupBy(await db('entrepriseSocialNetworks').whereIn('entrepriseId', unique).orderBy('id'));
  const pagesQuery = db('entreprisePages').whereIn('entrepriseId', unique).orderBy(['ordre', 'id']);
  if (opts.publishedPagesOnly) pagesQuery.where({ publie: true });
  const pages = groupBy(await pagesQuery);
  const counts = (await db('recruiters')
    .whereIn('entrepriseId', unique)
    .groupBy('entrepriseId')
    .select('entrepriseId', db.raw('COUNT(*) as total'), db.raw("SUM(status = 'ACTIVE') as validated"))) as {
    entrepriseId: number;
    total: number;
    validated: number | string | null;
  }[];
  const countBy = new Map(counts.map((c) => [c.entrepriseId, c]));
  const out = new Map<number, CompanyView>();
  for (const r of rows) {
    const site = sites.get(r.id)?.[0] as { id: number; nom: string; url: string } | undefined;
    const address = [r.adresseQuartier, r.villeNom, r.regionNom, PAYS.nom].filter(Boolean).join(', ');
    out.set(r.id, {
      id: r.id,
      nomEntreprise: r.nomEntreprise,
      secteurActivite: r.secteurNom,
      description: r.description,
      anneeCreation: r.anneeCreation,
      nombreCollaborateurs: r.nombreCollaborateurs,
      presentation: r.presentation,
      cultureEntreprise: r.cultureEntreprise,
      rechercheEntreprise: r.rechercheEntreprise,
      logoUrl: r.logoFileId ? imageRef(publicUrl, { id: r.logoFileId, variants: r.logoVariants }) : null,
      bannerUrl: r.bannerFileId ? fileUrl(publicUrl, r.bannerFileId) : null,
      adresseSiege: {
        villeId: r.adresseVilleId,
        villeNom: r.villeNom,
        regionId: r.regionId,
        regionNom: r.regionNom,
        paysId: PAYS.id,
        paysNom: PAYS.nom,
        quartier: r.adresseQuartier,
        codePostal: r.adresseCodePostal,
        fullAddress: address,
      },
      siteWeb: site ? { id: site.id, nom: site.nom, url: site.url } : null,
      reseauxSociaux: ((socials.get(r.id) ?? []) as { id: number; plateforme: string; url: string }[]).map(
        ({ id, plateforme, url }) => ({ id, plateforme, url }),
      ),
      pages: ((pages.get(r.id) ?? []) as CompanyView['pages']).map(
        ({ id, typePage, contenu, donneesJson, ordre, publie }) => ({
          id,
          typePage,
          contenu,
          donneesJson,
          ordre,
          publie: Boolean(publie),
        }),
      ),
      totalRecruitersCount: Number(countBy.get(r.id)?.total ?? 0),
      validatedRecruitersCount: Number(countBy.get(r.id)?.validated ?? 0),
    });
  }
  return out;
}

export async function loadCompanyView(
  db: Knex,
  id: number,
  publicUrl: string,
  opts: { publishedPagesOnly?: boolean } = {},
): Promise<CompanyView | null> {
  return (await loadCompanyViews(db, [id], publicUrl, opts)).get(id) ?? null;
}
