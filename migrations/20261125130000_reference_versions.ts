/**
 * reference_versions: one row per kind of reference data (geography, activity sectors,
 * experience levels, blog categories) holding a number that grows at every change of that data.
 * Each API process caches its reference answers and reads these few rows at most every second:
 * a number that moved drops that kind's answers, so every instance serves a change within 2 s.
 *
 * Triggers bump the numbers, so no code path can forget to: the API, the CLI, the seeds and a
 * hand-written UPDATE all do. Blog articles bump BLOG_CATEGORIES only when what the category list
 * is made of changes (a published article's category, or whether it is published).
 */
import type { Knex } from 'knex';

export const config = { transaction: false };

const KINDS = ['GEOGRAPHY', 'SECTORS', 'LEVELS', 'BLOG_CATEGORIES'] as const;

const TABLE_KINDS: [table: string, kind: (typeof KINDS)[number]][] = [
  ['regions', 'GEOGRAPHY'],
  ['villes', 'GEOGRAPHY'],
  ['quartiers', 'GEOGRAPHY'],
  ['secteurs_activite', 'SECTORS'],
  ['experience_levels', 'LEVELS'],
];
const EVENTS = ['INSERT', 'UPDATE', 'DELETE'] as const;

const bump = (kind: string) =>
  `UPDATE reference_versions SET version = version + 1, changed_at = CURRENT_TIMESTAMP(3) WHERE kind = '${kind}'`;

function triggerName(table: string, event: string): string {
  return `reference_version_${table}_${event.toLowerCase()}`;
}

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('reference_versions', (t) => {
    t.string('kind', 32).primary();
    t.bigInteger('version').unsigned().notNullable().defaultTo(1);
    t.datetime('changed_at', { precision: 3 }).notNullable().defaultTo(knex.raw('CURRENT_TIMESTAMP(3)'));
  });
  await knex('reference_versions').insert(KINDS.map((kind) => ({ kind })));
  for (const [table, kind] of TABLE_KINDS)
    for (const event of EVENTS)
      await knex.raw(
        `CREATE TRIGGER ${triggerName(table, event)} AFTER ${event} ON ${table} FOR EACH ROW ${bump(kind)}`,
      );
  const blog = bump('BLOG_CATEGORIES');
  await knex.raw(`CREATE TRIGGER ${triggerName('blog_articles', 'INSERT')} AFTER INSERT ON blog_articles
    FOR EACH ROW BEGIN IF NEW.status = 'PUBLISHED' THEN ${blog}; END IF; END`);
  await knex.raw(`CREATE TRIGGER ${triggerName('blog_articles', 'UPDATE')} AFTER UPDATE ON blog_articles
    FOR EACH ROW BEGIN
      IF NOT (OLD.status <=> NEW.status) OR (NEW.status = 'PUBLISHED' AND NOT (OLD.categorie <=> NEW.categorie))
      THEN ${blog}; END IF;
    END`);
  await knex.raw(`CREATE TRIGGER ${triggerName('blog_articles', 'DELETE')} AFTER DELETE ON blog_articles
    FOR EACH ROW BEGIN IF OLD.status = 'PUBLISHED' THEN ${blog}; END IF; END`);
}

export async function down(knex: Knex): Promise<void> {
  for (const table of [...TABLE_KINDS.map(([t]) => t), 'blog_articles'])
    for (const event of EVENTS) await knex.raw(`DROP TRIGGER IF EXISTS ${triggerName(table, event)}`);
  await knex.schema.dropTableIfExists('reference_versions');
}
