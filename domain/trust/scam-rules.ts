/**
 * The scam rules as data: administrators list, create, change and disable them (GET/POST/PUT
 * /admin/trust/scam-rules...). Every change bumps the rule's version and keeps a snapshot of the new
 * state in scam_rule_versions (the history), with an audit row, in one transaction. A pattern that
 * does not compile is refused (400) before anything is written. Rules are never deleted: disabling
 * keeps their history and the holds they caused readable.
 */
import type { Ctx } from '../context.ts';
import { actorLabel, inTransaction } from '../context.ts';
import { bilingual, ConflictError, inputError, NotFoundError } from '../errors.ts';
import { recordAudit } from '../audit/index.ts';
import { isDuplicateKeyError } from '../../lib/db-errors.ts';
import { ScamRule, ScamRuleVersion, type ScamRuleKind } from '../../models/scam-rule.ts';
import {
  compileScamRule,
  compileScamRules,
  InvalidScamPatternError,
  MAX_PATTERN_LENGTH,
  type CompiledScamRule,
  type ScamRuleDef,
} from './scam-matcher.ts';

export interface ScamRuleView {
  id: number;
  code: string;
  kind: ScamRuleKind;
  pattern: string;
  exceptPattern: string | null;
  languages: string[];
  reasonCode: string;
  description: string | null;
  enabled: boolean;
  version: number;
  createdAt: Date;
  updatedAt: Date;
}

export interface ScamRuleInput {
  kind?: ScamRuleKind;
  pattern?: string;
  exceptPattern?: string | null;
  languages?: string[];
  reasonCode?: string;
  description?: string | null;
  enabled?: boolean;
}

export interface ScamRuleVersionView {
  version: number;
  snapshot: Record<string, unknown>;
  changedBy: string | null;
  changedAt: Date;
}

const toView = (r: ScamRule): ScamRuleView => ({
  id: r.id,
  code: r.code,
  kind: r.kind,
  pattern: r.pattern,
  exceptPattern: r.exceptPattern,
  languages: r.languages,
  reasonCode: r.reasonCode,
  description: r.description,
  enabled: Boolean(r.enabled),
  version: r.version,
  createdAt: r.createdAt,
  updatedAt: r.updatedAt,
});

const defOf = (r: ScamRuleView | ScamRule): ScamRuleDef => ({
  code: r.code,
  kind: r.kind,
  pattern: r.pattern,
  exceptPattern: r.exceptPattern,
  languages: r.languages,
  reasonCode: r.reasonCode,
  enabled: Boolean(r.enabled),
  version: r.version,
});

function checkCompiles(def: ScamRuleDef): void {
  try {
    compileScamRule(def);
  } catch (err) {
    if (err instanceof InvalidScamPatternError)
      throw inputError(
        'Invalid scam rule pattern',
        `body.${err.field}`,
        err.code,
        err.code === 'maxLength' ? { limit: MAX_PATTERN_LENGTH } : undefined,
        err.wording,
      );
    throw err;
  }
}

async function snapshot(ctx: Ctx, rule: ScamRuleView): Promise<void> {
  const { id: _id, createdAt: _c, updatedAt: _u, ...state } = rule;
  await ScamRuleVersion.query(ctx.db).insert({
    ruleId: rule.id,
    version: rule.version,
    snapshot: state,
    changedBy: actorLabel(ctx.actor).actorEmail ?? actorLabel(ctx.actor).actorId,
    changedAt: ctx.clock.now(),
  });
}

export async function listScamRules(ctx: Ctx): Promise<ScamRuleView[]> {
  return (await ScamRule.query(ctx.db).orderBy('id')).map(toView);
}

export async function getScamRuleHistory(ctx: Ctx, ruleId: number): Promise<ScamRuleVersionView[]> {
  const rule = await ScamRule.query(ctx.db).findById(ruleId).select('id');
  if (!rule) throw new NotFoundError('Scam rule');
  const rows = await ScamRuleVersion.query(ctx.db).where({ ruleId }).orderBy('version');
  return rows.map(({ version, snapshot: s, changedBy, changedAt }) => ({
    version,
    snapshot: s,
    changedBy,
    changedAt,
  }));
}

export async function createScamRule(
  ctx: Ctx,
  input: Required<Pick<ScamRuleInput, 'kind' | 'pattern' | 'reasonCode'>> & ScamRuleInput & { code: string },
): Promise<ScamRuleView> {
  const def: ScamRuleDef = {
    code: input.code,
    kind: input.kind,
    pattern: input.pattern,
    exceptPattern: input.exceptPattern ?? null,
    languages: input.languages ?? ['fr', 'en'],
    reasonCode: input.reasonCode,
    enabled: input.enabled ?? true,
    version: 1,
  };
  checkCompiles(def);
  try {
    return await inTransaction(ctx, async (t) => {
      const now = t.clock.now();
      const row = await ScamRule.query(t.db).insert({
        ...def,
        description: input.description ?? null,
        createdAt: now,
        updatedAt: now,
      });
      const view = toView((await ScamRule.query(t.db).findById(row.id))!);
      await snapshot(t, view);
      await recordAudit(
        t,
        'scam_rule.create',
        { type: 'scam_rule', id: view.id },
        { code: view.code, version: 1 },
      );
      return view;
    });
  } catch (err) {
    if (isDuplicateKeyError(err))
      throw new ConflictError(
        'CONFLICT',
        bilingual(
          `Une règle anti-arnaque de code ${input.code} existe déjà`,
          `A scam rule with code ${input.code} exists`,
        ),
      );
    throw err;
  }
}

/** Changes the given fields; the version is bumped only when something changed. */
export async function updateScamRule(ctx: Ctx, ruleId: number, input: ScamRuleInput): Promise<ScamRuleView> {
  return inTransaction(ctx, async (t) => {
    const current = await ScamRule.query(t.db).findById(ruleId).forUpdate();
    if (!current) throw new NotFoundError('Scam rule');
    const next: ScamRuleView = {
      ...toView(current),
      ...Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined)),
    };
    const fields = [
      'kind',
      'pattern',
      'exceptPattern',
      'languages',
      'reasonCode',
      'description',
      'enabled',
    ] as const;
    const changed = fields.filter((f) => JSON.stringify(next[f]) !== JSON.stringify(toView(current)[f]));
    if (!changed.length) return toView(current);
    // A rule stored with a syntax the linear engine lacks can still be disabled or renamed.
    if (changed.some((f) => f === 'kind' || f === 'pattern' || f === 'exceptPattern'))
      checkCompiles(defOf(next));
    const version = current.version + 1;
    await ScamRule.query(t.db).findById(ruleId).patch({
      kind: next.kind,
      pattern: next.pattern,
      exceptPattern: next.exceptPattern,
      languages: next.languages,
      reasonCode: next.reasonCode,
      description: next.description,
      enabled: next.enabled,
      version,
      updatedAt: t.clock.now(),
    });
    const view = toView((await ScamRule.query(t.db).findById(ruleId))!);
    await snapshot(t, view);
    await recordAudit(
      t,
      'scam_rule.update',
      { type: 'scam_rule', id: ruleId },
      { code: view.code, version, changed },
    );
    return view;
  });
}

export function disableScamRule(ctx: Ctx, ruleId: number): Promise<ScamRuleView> {
  return updateScamRule(ctx, ruleId, { enabled: false });
}

/** The enabled rules, compiled, as the publish and edit use cases run them. */
export async function loadActiveScamRules(ctx: Ctx): Promise<CompiledScamRule[]> {
  const rows = await ScamRule.query(ctx.db).where({ enabled: true }).orderBy('id');
  return compileScamRules(rows.map(defOf));
}
