/**
 * `db seed`'s search synonyms: each shipped set (search-synonyms.ts) inserted once, then each
 * upgrade (search-synonym-upgrades.ts) applied once to the databases seeded before it.
 */
import type { Knex } from 'knex';
import { SYNONYM_SETS } from './search-synonyms.ts';
import { SYNONYM_UPGRADES, planUpgrade, type SynonymSetUpgrade } from './search-synonym-upgrades.ts';

const BATCH = 500;

async function isMarked(knex: Knex, name: string): Promise<boolean> {
  return Boolean(await knex('appSettings').where({ name }).first('name'));
}

async function insertGroups(knex: Knex, groups: string[][]): Promise<void> {
  const rows = groups.map((terms) => ({ terms: JSON.stringify(terms) }));
  for (let i = 0; i < rows.length; i += BATCH) await knex('searchSynonyms').insert(rows.slice(i, i + BATCH));
}

/** Inserts each shipped set not inserted before, with its mark, in one transaction a set; then the upgrades. */
export async function seedSearchSynonyms(knex: Knex): Promise<void> {
  const seededNow = new Set<string>();
  for (const set of SYNONYM_SETS) {
    if (await isMarked(knex, set.name)) continue;
    // Databases seeded before the marks existed already hold the starting list.
    const starterThere = set === SYNONYM_SETS[0] && Boolean(await knex('searchSynonyms').first('id'));
    await knex.transaction(async (trx) => {
      await trx('appSettings').insert({ name: set.name, value: new Date().toISOString() });
      if (starterThere) return;
      seededNow.add(set.name);
      await insertGroups(trx, set.groups());
      // Running API processes reload the groups within their poll interval.
      await trx('searchJournal').insert({ kind: 'SYNONYMS' });
    });
  }
  for (const upgrade of SYNONYM_UPGRADES) await applyUpgrade(knex, upgrade, seededNow);
}

/**
 * Applies an upgrade not applied before, with its mark, in one transaction: nothing to change when
 * its set was seeded just now (with its current groups).
 */
async function applyUpgrade(
  knex: Knex,
  upgrade: SynonymSetUpgrade,
  seededNow: ReadonlySet<string>,
): Promise<void> {
  if (await isMarked(knex, upgrade.name)) return;
  await knex.transaction(async (trx) => {
    await trx('appSettings').insert({ name: upgrade.name, value: new Date().toISOString() });
    if (seededNow.has(upgrade.set)) return;
    // Compared once read back (MySQL's JSON type and MariaDB's text do not compare alike in SQL).
    const rows = (await trx('searchSynonyms').select('id', 'terms')) as { id: number; terms: unknown }[];
    const idsByTerms = new Map<string, number[]>();
    for (const r of rows) {
      const key = JSON.stringify(typeof r.terms === 'string' ? JSON.parse(r.terms) : r.terms);
      const ids = idsByTerms.get(key);
      if (ids) ids.push(r.id);
      else idsByTerms.set(key, [r.id]);
    }
    const plan = planUpgrade(upgrade.before(), upgrade.after(), idsByTerms);
    for (const { id, terms } of plan.updates)
      await trx('searchSynonyms')
        .where({ id })
        .update({ terms: JSON.stringify(terms) });
    for (let i = 0; i < plan.deletes.length; i += BATCH)
      await trx('searchSynonyms')
        .whereIn('id', plan.deletes.slice(i, i + BATCH))
        .delete();
    await insertGroups(trx, plan.inserts);
    if (plan.updates.length || plan.deletes.length || plan.inserts.length)
      await trx('searchJournal').insert({ kind: 'SYNONYMS' });
  });
}
