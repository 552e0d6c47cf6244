/**
 * Phone numbers written before they were stored in E.164: rewriting them in place (the migration
 * that introduced E.164 storage) and listing those that cannot be read as a phone number
 * (`recrutement db check-phones`). A number that cannot be normalised is never dropped: it stays
 * as it was written until someone corrects it.
 */
import type { Knex } from 'knex';
import { toE164 } from '../shared/index.ts';

/** Every table holding a phone number, with the person's name columns for the report. */
export const PHONE_TABLES = ['candidates', 'recruiters', 'admins', 'vivier_candidats'] as const;
export type PhoneTable = (typeof PHONE_TABLES)[number];

export interface UnreadablePhone {
  table: PhoneTable;
  id: number;
  telephone: string;
}

export interface PhoneNormalisationReport {
  normalised: number;
  unreadable: UnreadablePhone[];
}

const BATCH = 1000;

async function walk(
  db: Knex,
  table: PhoneTable,
  visit: (row: { id: number; telephone: string }) => Promise<void>,
): Promise<void> {
  let after = 0;
  for (;;) {
    const rows = (await db(table)
      .whereNotNull('telephone')
      .andWhere('id', '>', after)
      .orderBy('id')
      .limit(BATCH)
      .select('id', 'telephone')) as { id: number; telephone: string }[];
    for (const row of rows) await visit(row);
    if (rows.length < BATCH) return;
    after = rows[rows.length - 1]!.id;
  }
}

/**
 * Rewrites every phone number that libphonenumber-js reads into its E.164 form; a blank one
 * becomes null; the others are reported and left untouched. With `dryRun` nothing is written.
 */
export async function normalisePhones(
  db: Knex,
  opts: { dryRun?: boolean } = {},
): Promise<PhoneNormalisationReport> {
  const report: PhoneNormalisationReport = { normalised: 0, unreadable: [] };
  for (const table of PHONE_TABLES) {
    await walk(db, table, async ({ id, telephone }) => {
      const e164 = telephone.trim() === '' ? null : toE164(telephone);
      if (e164 === telephone) return;
      if (e164 === null && telephone.trim() !== '') {
        report.unreadable.push({ table, id, telephone });
        return;
      }
      report.normalised++;
      if (!opts.dryRun) await db(table).where({ id }).update({ telephone: e164 });
    });
  }
  return report;
}

/** The phone numbers that are not in E.164 and cannot be made so, table by table. */
export async function checkPhones(db: Knex): Promise<PhoneNormalisationReport> {
  return normalisePhones(db, { dryRun: true });
}
