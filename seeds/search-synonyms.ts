/** The starting list of search synonym groups (each group: terms a query word may mean). Safe to run twice. */
import type { Knex } from 'knex';

export const SYNONYM_GROUPS: string[][] = [
  ['développeur', 'dev', 'programmeur'],
  ['RH', 'ressources humaines'],
  ['comptable', 'compta'],
  ['informatique', 'IT'],
  ['chauffeur', 'conducteur'],
  ['commercial', 'vendeur', 'business developer'],
  ['BTP', 'bâtiment et travaux publics'],
  ['logistique', 'supply chain'],
  ['secrétaire', 'assistant administratif'],
  ['télétravail', 'remote'],
  ['marketing digital', 'webmarketing', 'marketing numérique'],
  ['agent de sécurité', 'vigile', 'gardien'],
];

/** Inserts the starting groups once: a list an operator has edited (or emptied on purpose after seeding) is left alone. */
export async function seedSearchSynonyms(knex: Knex): Promise<void> {
  const seeded = await knex('searchSynonyms').first('id');
  if (seeded) return;
  await knex('searchSynonyms').insert(SYNONYM_GROUPS.map((terms) => ({ terms: JSON.stringify(terms) })));
}
