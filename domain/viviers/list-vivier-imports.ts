/**
 * The imports of one of the company's pools, newest first, paginated like every list: their state
 * and counters (GET .../imports/{importId} has the lines, report.csv every one of them).
 */
import type { Ctx } from '../context.ts';
import type { Static } from 'typebox';
import { pageOf, pageRequest, paginate, type Page } from '../shared/index.ts';
import { ownVivier } from './own-vivier.ts';
import type { VivierImportSummary } from '../shapes/index.ts';
import { VivierImport, type StoredImportFailure } from '../../models/vivier-import.ts';
import type { Langue } from '../../models/account.ts';
import { failureMessageOf } from './get-vivier-import.ts';
import { parseJsonColumn } from '../../lib/json-column.ts';

export type VivierImportSummaryView = Static<typeof VivierImportSummary>;

const SORTABLE = { createdAt: 'vivierImports.createdAt' };

export async function listVivierImports(
  ctx: Ctx,
  vivierId: number,
  query: { page?: number; size?: number; sort?: string[] },
  langue: Langue = 'fr',
): Promise<Page<VivierImportSummaryView>> {
  await ownVivier(ctx, vivierId);
  const req = pageRequest(query, SORTABLE, [{ column: 'vivierImports.createdAt', direction: 'desc' }]);
  const q = VivierImport.query(ctx.db)
    .leftJoinRelated('file')
    .where('vivierImports.vivierId', vivierId)
    .select(
      'vivierImports.id as importId',
      'vivierImports.vivierId',
      'vivierImports.status',
      'file.originalName as fileName',
      'vivierImports.totalRows',
      'vivierImports.importedRows',
      'vivierImports.duplicateRows',
      'vivierImports.errorRows',
      'vivierImports.warningRows',
      'vivierImports.failureMessage',
      'vivierImports.failure',
      'vivierImports.createdAt',
      'vivierImports.startedAt',
      'vivierImports.finishedAt',
    );
  const { rows, total } = await paginate<VivierImportSummaryView & { failure: unknown }>(
    q.toKnexQuery(),
    req,
    'vivierImports.id',
  );
  return pageOf(
    rows.map(({ failure, ...r }) => ({
      ...r,
      fileName: r.fileName ?? null,
      failureMessage: failureMessageOf(
        { failure: parseJsonColumn<StoredImportFailure>(failure), failureMessage: r.failureMessage },
        langue,
      ),
      startedAt: r.startedAt ?? null,
      finishedAt: r.finishedAt ?? null,
    })),
    total,
    req,
  );
}
