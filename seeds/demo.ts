/** Demo data set (companies, recruiters, offers, candidates, applications): filled in with the offers work. */
import type { Knex } from 'knex';

export async function seedDemoData(_knex: Knex): Promise<string[]> {
  return [];
}
