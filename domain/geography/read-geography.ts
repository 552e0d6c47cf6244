/** Read-only geography: regions, cities, neighbourhoods. */
import type { Ctx } from '../context.ts';
import { NotFoundError } from '../errors.ts';

export interface RegionView {
  id: number;
  nom: string;
  code: string;
  chefLieu: string;
}
export interface VilleView {
  id: number;
  regionId: number;
  nom: string;
  slug: string;
  latitude: number;
  longitude: number;
  population: number;
}

const VILLE_COLUMNS = ['id', 'regionId', 'nom', 'slug', 'latitude', 'longitude', 'population'];

export async function listRegions(ctx: Ctx): Promise<RegionView[]> {
  return ctx.db('regions').select('id', 'nom', 'code', 'chefLieu').orderBy('nom');
}

export async function listVillesOfRegion(ctx: Ctx, regionId: number): Promise<VilleView[]> {
  const region = await ctx.db('regions').where({ id: regionId }).first('id');
  if (!region) throw new NotFoundError('Region');
  return ctx.db('villes').where({ regionId }).select(VILLE_COLUMNS).orderBy('nom');
}

export async function listVilles(ctx: Ctx): Promise<VilleView[]> {
  return ctx.db('villes').select(VILLE_COLUMNS).orderBy('nom');
}

export async function getVille(ctx: Ctx, id: number): Promise<VilleView & { quartiers: number }> {
  const ville = (await ctx.db('villes').where({ id }).first(VILLE_COLUMNS)) as VilleView | undefined;
  if (!ville) throw new NotFoundError('Ville');
  const count = (await ctx.db('quartiers').where({ villeId: id }).count({ n: '*' }).first()) as { n: number };
  return { ...ville, quartiers: Number(count.n) };
}

export async function listQuartiers(
  ctx: Ctx,
  villeId: number,
): Promise<{ villeId: number; quartiers: { id: number; nom: string; slug: string }[] }> {
  const ville = await ctx.db('villes').where({ id: villeId }).first('id');
  if (!ville) throw new NotFoundError('Ville');
  const quartiers = await ctx.db('quartiers').where({ villeId }).select('id', 'nom', 'slug').orderBy('nom');
  return { villeId, quartiers };
}
