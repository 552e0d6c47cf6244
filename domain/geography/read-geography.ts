/** Read-only geography: regions, cities, neighbourhoods. */
import type { Static } from 'typebox';
import type { Ctx } from '../context.ts';
import { NotFoundError } from '../errors.ts';
import { Quartier } from '../../models/quartier.ts';
import { Region } from '../../models/region.ts';
import { Ville } from '../../models/ville.ts';
import type { Region as RegionShape, Ville as VilleShape, VilleDetail } from '../shapes/index.ts';

/** The static types of the Region, Ville and VilleDetail shapes (domain/shapes/geography.ts). */
export type RegionView = Static<typeof RegionShape>;
export type VilleView = Static<typeof VilleShape>;
export type VilleDetailView = Static<typeof VilleDetail>;

const VILLE_COLUMNS = ['id', 'regionId', 'nom', 'slug', 'latitude', 'longitude', 'population'] as const;

export async function listRegions(ctx: Ctx): Promise<RegionView[]> {
  return Region.query(ctx.db).select('id', 'nom', 'code', 'chefLieu').orderBy('nom');
}

export async function listVillesOfRegion(ctx: Ctx, regionId: number): Promise<VilleView[]> {
  const region = await Region.query(ctx.db).findById(regionId).select('id');
  if (!region) throw new NotFoundError('Region');
  return Ville.query(ctx.db).where({ regionId }).select(VILLE_COLUMNS).orderBy('nom');
}

export async function listVilles(ctx: Ctx): Promise<VilleView[]> {
  return Ville.query(ctx.db).select(VILLE_COLUMNS).orderBy('nom');
}

export async function getVille(ctx: Ctx, id: number): Promise<VilleDetailView> {
  const ville = await Ville.query(ctx.db).findById(id).select(VILLE_COLUMNS);
  if (!ville) throw new NotFoundError('Ville');
  const quartiers = await Quartier.query(ctx.db).where({ villeId: id }).resultSize();
  return { ...ville, quartiers };
}

export async function listQuartiers(
  ctx: Ctx,
  villeId: number,
): Promise<{ villeId: number; quartiers: { id: number; nom: string; slug: string }[] }> {
  const ville = await Ville.query(ctx.db).findById(villeId).select('id');
  if (!ville) throw new NotFoundError('Ville');
  const quartiers = await Quartier.query(ctx.db)
    .where({ villeId })
    .select('id', 'nom', 'slug')
    .orderBy('nom');
  return { villeId, quartiers };
}
