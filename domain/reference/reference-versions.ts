/**
 * The version numbers of the reference data (table reference_versions, bumped by triggers at
 * every change): what the processes' reference caches compare to know what changed.
 */
import type { Knex } from 'knex';
import type { Ctx } from '../context.ts';

export const REFERENCE_KINDS = ['GEOGRAPHY', 'SECTORS', 'LEVELS', 'BLOG_CATEGORIES'] as const;
export type ReferenceKind = (typeof REFERENCE_KINDS)[number];

export async function readReferenceVersions(db: Knex): Promise<Map<ReferenceKind, number>> {
  // eslint-disable-next-line no-restricted-syntax -- SQL: journal table (versions bumped by triggers), no entity
  const rows = (await db('referenceVersions').select('kind', 'version')) as {
    kind: ReferenceKind;
    version: number | string;
  }[];
  return new Map(rows.map((r) => [r.kind, Number(r.version)]));
}

/**
 * `recrutement cache rebuild`: every kind changes version, so every API process drops its cached
 * reference answers and reloads them from the database within its check interval (1 s).
 */
export async function requestReferenceRebuild(ctx: Ctx): Promise<Map<ReferenceKind, number>> {
  // eslint-disable-next-line no-restricted-syntax -- SQL: journal table, every kind bumped in one statement
  await ctx
    .db('referenceVersions')
    .update({ version: ctx.db.raw('version + 1'), changedAt: ctx.db.fn.now(3) });
  return readReferenceVersions(ctx.db);
}
