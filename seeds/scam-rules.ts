/**
 * The shipped scam rules (domain/trust/default-scam-rules.ts): each rule whose code is missing is
 * inserted, with its version 1 in the history. A shipped rule still at version 1 (no administrator
 * changed it: every change bumps the version) whose patterns are an earlier shipped text gets the
 * current one, as version 2 changed by "seed". Running the seeds again changes nothing, and a rule
 * an administrator changed or disabled stays as it is.
 */
import type { Knex } from 'knex';
import { DEFAULT_SCAM_RULES } from '../domain/trust/default-scam-rules.ts';
import { ScamRule, ScamRuleVersion } from '../models/scam-rule.ts';

type ShippedRule = (typeof DEFAULT_SCAM_RULES)[number];

async function recordVersion(trx: Knex.Transaction, ruleId: number, rule: ShippedRule, version: number) {
  await ScamRuleVersion.query(trx).insert({
    ruleId,
    version,
    snapshot: { ...rule, enabled: true, version },
    changedBy: 'seed',
    changedAt: new Date(),
  });
}

/** The rows of shipped rules no administrator changed, whose patterns an earlier release wrote. */
function outdated(row: ScamRule, rule: ShippedRule): boolean {
  return row.version === 1 && (row.pattern !== rule.pattern || row.exceptPattern !== rule.exceptPattern);
}

export async function seedScamRules(knex: Knex): Promise<number> {
  const existing = new Map((await ScamRule.query(knex)).map((r) => [r.code, r]));
  let written = 0;
  for (const rule of DEFAULT_SCAM_RULES) {
    const row = existing.get(rule.code);
    if (row && !outdated(row, rule)) continue;
    await knex.transaction(async (trx) => {
      if (row) {
        const updated = await ScamRule.query(trx)
          .patch({
            pattern: rule.pattern,
            exceptPattern: rule.exceptPattern,
            version: 2,
            updatedAt: new Date(),
          })
          .where({ id: row.id, version: 1 });
        if (updated) await recordVersion(trx, row.id, rule, 2);
        return;
      }
      const inserted = await ScamRule.query(trx).insert({
        ...rule,
        enabled: true,
        version: 1,
        description: null,
      });
      await recordVersion(trx, inserted.id, rule, 1);
    });
    written++;
  }
  return written;
}
