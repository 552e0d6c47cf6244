/**
 * The shipped scam rules (domain/trust/default-scam-rules.ts): each rule whose code is missing is
 * inserted, with its version 1 in the history. Running the seeds again changes nothing, and a rule
 * an administrator changed or disabled stays as it is.
 */
import type { Knex } from 'knex';
import { DEFAULT_SCAM_RULES } from '../domain/trust/default-scam-rules.ts';
import { ScamRule, ScamRuleVersion } from '../models/scam-rule.ts';

export async function seedScamRules(knex: Knex): Promise<number> {
  const existing = new Set((await ScamRule.query(knex).select('code')).map((r) => r.code));
  let inserted = 0;
  for (const rule of DEFAULT_SCAM_RULES) {
    if (existing.has(rule.code)) continue;
    await knex.transaction(async (trx) => {
      const row = await ScamRule.query(trx).insert({ ...rule, enabled: true, version: 1, description: null });
      await ScamRuleVersion.query(trx).insert({
        ruleId: row.id,
        version: 1,
        snapshot: { ...rule, enabled: true, version: 1 },
        changedBy: 'seed',
        changedAt: new Date(),
      });
    });
    inserted++;
  }
  return inserted;
}
