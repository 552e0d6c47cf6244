/** Cameroon geography: 10 regions, the main cities, neighbourhoods of seven cities. Upserts by code/slug. */
import type { Knex } from 'knex';
import { QUARTIERS, REGIONS, VILLES } from './data/geography.ts';

export async function seedGeography(knex: Knex): Promise<void> {
  await knex.transaction(async (trx) => {
    await trx('regions').insert(REGIONS).onConflict('code').merge(['nom', 'chefLieu']);
    const regionIds = new Map<string, number>(
      (await trx('regions').select('id', 'code')).map((r: { id: number; code: string }) => [r.code, r.id]),
    );
    const villes = VILLES.map(({ regionCode, ...v }) => ({ ...v, regionId: regionIds.get(regionCode)! }));
    await trx('villes')
      .insert(villes)
      .onConflict('slug')
      .merge(['nom', 'regionId', 'latitude', 'longitude', 'population']);
    const villeIds = new Map<string, number>(
      (await trx('villes').select('id', 'slug')).map((v: { id: number; slug: string }) => [v.slug, v.id]),
    );
    const quartiers = QUARTIERS.map(({ villeSlug, ...q }) => ({ ...q, villeId: villeIds.get(villeSlug)! }));
    await trx('quartiers')
      .insert(quartiers)
      .onConflict(['villeId', 'slug'])
      .merge(['nom', 'latitude', 'longitude']);
  });
}
