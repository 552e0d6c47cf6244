/**
 * Processes one talent-pool import, CSV or .xlsx (the workers' import pump, job `vivier:import-csv`,
 * CLI `recrutement vivier import`).
 *
 * - The file is streamed from storage through its row source (row-source.ts: csv-rows.ts for CSV,
 *   its encoding decided on the whole file first; xlsx-rows.ts for a workbook's sheet): it is
 *   never loaded whole, so memory stays flat whatever its size (bench/import.ts). Its columns are
 *   read with the mapping stored at upload (column-mapping.ts), or the proposed one.
 * - Rows are checked one by one (pool-member.ts); a bad row is a line-numbered error, not a crash.
 *   A bad optional value (a phone Excel mangled) or a value cleaned up (an email pasted with
 *   `mailto:`) is a line-numbered warning: the person is imported. Cells past the header are
 *   added to the import's ignored columns.
 * - Valid rows are written in batches, each in ONE transaction with INSERT IGNORE on the unique
 *   (vivier, email) key, which also moves the import's counters, its capped error list and
 *   `last_committed_line` forward. A crash anywhere loses at most the uncommitted batch; the
 *   next run skips every record up to `last_committed_line` and goes on, so nothing is lost and
 *   nothing is counted twice. A row whose email or phone number is already in the pool, or on an
 *   earlier line of the file, is a duplicate: counted, and its line kept in
 *   `vivier_import_duplicates` with what matched (EMAIL or PHONE). The batch runs with the pool
 *   row locked, so a concurrent import or single add into the same pool cannot slip a twin in.
 * - A file that cannot be read (binary, no email column, broken quoting part-way, with its exact
 *   line) fails the import with a message saying why, and nothing of it stays in the pool: the
 *   members it inserted are deleted (in batches, the import still RUNNING, so a crash meanwhile
 *   resumes the run, which fails again and finishes the deletion) before it is FAILED.
 *   Any other error (database, storage, the caller's heartbeat) is thrown as is and leaves the
 *   import RUNNING: it is resumed later.
 * - The caller's `signal` (a worker stopping) ends the run at the next row, once the batch being
 *   committed is in: the import is left RUNNING at its last committed line, for the caller to
 *   release (process-vivier-imports.ts) so that another worker resumes it at once.
 */
import type { Knex } from 'knex';
import { inTransaction, type Ctx } from '../context.ts';
import { NotFoundError } from '../errors.ts';
import { checkPoolMember, type PoolMember } from './pool-member.ts';
import { lockPool, sortOutDuplicates } from './pool-duplicates.ts';
import { ImportFormatError } from './csv-format.ts';
import { importFailureMessage, type ImportFailure, type ImportFileProblem } from './import-file-problems.ts';
import { openRowSource, type RowSource } from './row-source.ts';
import {
  ignoredColumns,
  resolveMapping,
  rowReader,
  type IgnoredColumn,
  type MappedColumn,
} from './column-mapping.ts';
import { discardImportMembers } from './discard-import-members.ts';
import type { ImportWarning } from './import-warning.ts';
import type { StoredLineIssue } from './line-issue.ts';
import { recordImportIssues } from './import-issues.ts';
import { finishImport, isFinalImportStatus, startImport } from './import-lifecycle.ts';
import { IMPORT_PROGRESS_COLUMNS, VivierImport } from '../../models/vivier-import.ts';

export const IMPORT_BATCH_SIZE = 1000;
export const MAX_LISTED_ERRORS = 1000;

export type ImportStatus = 'QUEUED' | 'RUNNING' | 'DONE' | 'FAILED';

/** A refused line as stored: its code and parameters (line-issue.ts); old imports hold a message. */
export type ImportError = StoredLineIssue;

export interface ImportProgress {
  importId: number;
  status: ImportStatus;
  totalRows: number;
  importedRows: number;
  duplicateRows: number;
  errorRows: number;
  warningRows: number;
  lastCommittedLine: number;
  failureMessage: string | null;
}

export interface RunImportOptions {
  batchSize?: number;
  /**
   * Called between batches (each commit renews the import's own heartbeat): the sweep job passes
   * job.touch() so that Agenda does not cancel its run. A throw ends the run, the import RUNNING.
   */
  heartbeat?: () => Promise<void>;
  /** Aborted: the run stops at the next row and returns its progress, the import still RUNNING. */
  signal?: AbortSignal;
  /** Called after each committed batch (progress bars, tests). */
  onBatch?: (progress: ImportProgress) => void | Promise<void>;
}

type ImportRow = Pick<
  VivierImport,
  | 'id'
  | 'vivierId'
  | 'status'
  | 'totalRows'
  | 'importedRows'
  | 'duplicateRows'
  | 'errorRows'
  | 'errors'
  | 'warningRows'
  | 'warnings'
  | 'lastCommittedLine'
  | 'failureMessage'
  | 'format'
  | 'sheet'
  | 'columnMapping'
  | 'ignoredColumns'
> & { storageKey: string | null };

interface PendingRow {
  line: number;
  member: PoolMember;
}

/** The capped error and warning lists as stored, kept in step with each commit. */
interface Listed {
  errors: ImportError[];
  warnings: ImportWarning[];
}

/** What one batch found, committed together. */
interface BatchFindings {
  rows: PendingRow[];
  errors: ImportError[];
  warnings: ImportWarning[];
  warningRows: number;
  lastLine: number;
  /** The import's ignored columns when this batch found cells past the header, else null. */
  ignoredColumns: IgnoredColumn[] | null;
}

/** Stops the run without touching the row: it was finished, deleted or taken over meanwhile. */
class ImportTakenOver extends Error {}

/** Stops the run without touching the row: the caller's signal was aborted (its worker stops). */
class ImportStopped extends Error {}

function stopIfAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw new ImportStopped();
}

function progressOf(row: ImportRow): ImportProgress {
  return {
    importId: row.id,
    status: row.status,
    totalRows: row.totalRows,
    importedRows: row.importedRows,
    duplicateRows: row.duplicateRows,
    errorRows: row.errorRows,
    warningRows: row.warningRows,
    lastCommittedLine: row.lastCommittedLine,
    failureMessage: row.failureMessage ?? null,
  };
}

async function loadImport(ctx: Ctx, importId: number): Promise<ImportRow | undefined> {
  return VivierImport.query(ctx.db)
    .leftJoinRelated('file')
    .findById(importId)
    .select(
      ...IMPORT_PROGRESS_COLUMNS,
      'vivierImports.lastCommittedLine',
      'vivierImports.format',
      'vivierImports.sheet',
      'vivierImports.columnMapping',
      'vivierImports.ignoredColumns',
      'file.storageKey',
    )
    .castTo<ImportRow | undefined>();
}

export async function runVivierImport(
  ctx: Ctx,
  importId: number,
  opts: RunImportOptions = {},
): Promise<ImportProgress> {
  const batchSize = opts.batchSize ?? IMPORT_BATCH_SIZE;
  const row = await loadImport(ctx, importId);
  if (!row) throw new NotFoundError('Import');
  if (isFinalImportStatus(row.status) || opts.signal?.aborted) return progressOf(row);
  await startImport(ctx, importId);
  const state: ImportProgress = { ...progressOf(row), status: 'RUNNING' };
  const errors: ImportError[] = Array.isArray(row.errors) ? row.errors : [];
  const warnings: ImportWarning[] = Array.isArray(row.warnings) ? row.warnings : [];

  async function finish(
    status: 'DONE' | 'FAILED',
    problem: ImportFileProblem | null,
  ): Promise<ImportProgress> {
    let failure: ImportFailure | null = problem;
    if (status === 'FAILED') {
      const removed = await discardImportMembers(ctx, importId, async () => {
        stopIfAborted(opts.signal);
        await opts.heartbeat?.();
      });
      if (problem && (removed > 0 || state.importedRows > 0)) failure = { ...problem, removed };
      state.importedRows = 0;
    }
    await finishImport(ctx, importId, status, failure);
    return { ...state, status, failureMessage: failure ? importFailureMessage(failure, 'en') : null };
  }

  try {
    try {
      if (!row.storageKey) throw new ImportFormatError('syntax', 'FILE_GONE');
      await importRecords(ctx, row, state, { errors, warnings }, batchSize, opts);
      return await finish('DONE', null);
    } catch (err) {
      if (err instanceof ImportFormatError) return await finish('FAILED', err.problem);
      throw err;
    }
  } catch (err) {
    if (err instanceof ImportTakenOver || err instanceof ImportStopped) return state;
    throw err;
  }
}

/** The file's rows, read the way the upload decided (format, sheet), by the storage's stream. */
async function openSource(ctx: Ctx, row: ImportRow): Promise<RowSource> {
  if (!row.storageKey) throw new ImportFormatError('syntax', 'FILE_GONE');
  const key = row.storageKey;
  return openRowSource(() => ctx.storage.stream(key), { format: row.format, sheet: row.sheet });
}

async function importRecords(
  ctx: Ctx,
  row: ImportRow,
  state: ImportProgress,
  listed: Listed,
  batchSize: number,
  opts: RunImportOptions,
): Promise<void> {
  const source = await openSource(ctx, row);
  try {
    const columns = row.columnMapping?.length
      ? (row.columnMapping as MappedColumn[])
      : resolveMapping(source.header, null);
    await readAndCommit(ctx, row, state, listed, batchSize, opts, source, columns);
  } finally {
    await source.close();
  }
}

async function readAndCommit(
  ctx: Ctx,
  row: ImportRow,
  state: ImportProgress,
  listed: Listed,
  batchSize: number,
  opts: RunImportOptions,
  source: RowSource,
  columns: MappedColumn[],
): Promise<void> {
  const read = rowReader(columns);
  // Queued without the upload's reading (older imports): the run reports the columns it ignores.
  const ignored = new PastHeader(
    source.header.length,
    row.ignoredColumns ?? ignoredColumns(columns),
    !row.ignoredColumns,
  );
  let batch: PendingRow[] = [];
  let batchErrors: ImportError[] = [];
  let batchWarnings: ImportWarning[] = [];
  let batchWarningRows = 0;
  let batchLastLine = state.lastCommittedLine;
  let queuedLastLine = state.lastCommittedLine;

  // One batch commits while the next is parsed and checked, so the parser and the database work
  // at the same time; commits stay in file order (each waits for the one before), and at most two
  // batches are held in memory. A failed commit surfaces at the next flush or at the end.
  let committing: Promise<void> = Promise.resolve();
  const flush = async () => {
    if (batch.length === 0 && batchErrors.length === 0 && batchLastLine === queuedLastLine) return;
    await committing;
    const found: BatchFindings = {
      rows: batch,
      errors: batchErrors,
      warnings: batchWarnings,
      warningRows: batchWarningRows,
      lastLine: batchLastLine,
      ignoredColumns: ignored.takeNew(),
    };
    batch = [];
    batchErrors = [];
    batchWarnings = [];
    batchWarningRows = 0;
    queuedLastLine = found.lastLine;
    committing = (async () => {
      await commitBatch(ctx, row, state, listed, found);
      await opts.onBatch?.({ ...state });
      await opts.heartbeat?.();
    })();
    committing.catch(() => undefined); // handled where it is awaited
  };

  try {
    for await (const { line: startLine, endLine, cells } of source.rows) {
      stopIfAborted(opts.signal);
      if (endLine <= state.lastCommittedLine) continue; // committed by an earlier run
      batchLastLine = endLine;
      if (cells.every((c) => typeof c === 'string' && c.trim() === '')) continue; // a blank row is not a data row
      ignored.see(cells);
      const fields = read(cells);
      const checked = checkPoolMember(fields, 'import');
      if ('error' in checked) batchErrors.push({ line: startLine, ...checked.error });
      else {
        batch.push({ line: startLine, member: checked.member });
        if (checked.warnings.length) batchWarningRows += 1;
        for (const w of checked.warnings) batchWarnings.push({ line: startLine, ...w });
      }
      if (batch.length + batchErrors.length >= batchSize) await flush();
    }
  } catch (err) {
    await committing.catch(() => undefined); // the batch in flight ends (or fails) before the run does
    throw err;
  }
  await flush();
  await committing;
}

async function commitBatch(
  ctx: Ctx,
  row: ImportRow,
  state: ImportProgress,
  listed: Listed,
  {
    rows: batch,
    errors: batchErrors,
    warnings: batchWarnings,
    warningRows,
    lastLine,
    ignoredColumns,
  }: BatchFindings,
): Promise<void> {
  const committed = await inTransaction(ctx, async (t) => {
    // Locking the import row serialises this run with any other that may have taken it over.
    const current = await VivierImport.query(t.db)
      .findById(row.id)
      .forUpdate()
      .select('status', 'lastCommittedLine');
    if (!current || current.status !== 'RUNNING' || current.lastCommittedLine !== state.lastCommittedLine)
      return false;
    let inserted = 0;
    await lockPool(t, row.vivierId);
    const { fresh, duplicates } = await sortOutDuplicates(t, row.vivierId, batch);
    if (fresh.length) {
      const now = t.clock.now();
      // One bound value, the rows as nested arrays that the driver writes as `(...), (...)`: the
      // statement is formatted once (the query builder's INSERT re-read every value of its 12,000
      // placeholders twice, the costliest step of the import in its CPU profile).
      const values = fresh.map(({ member }) => [
        row.vivierId,
        // Never linked by email: only the candidate's consent links a member to an account.
        null,
        member.email,
        member.nom,
        member.prenom,
        member.telephone,
        JSON.stringify(member.tags),
        member.notes,
        'IMPORT',
        row.id,
        now,
        now,
      ]);
      const [result] = (await t.db.raw(
        // INSERT IGNORE on the unique (pool, email) key: affectedRows counts the new members.
        'INSERT IGNORE INTO vivier_candidats (vivier_id, candidat_id, email, nom, prenom, telephone, tags, notes, source, import_id, created_at, updated_at) VALUES ?',
        // knex passes the nested arrays to the driver as they are; its typings know flat values only.
        [values as unknown as Knex.Value],
      )) as [{ affectedRows: number }];
      inserted = result.affectedRows;
    }
    if (duplicates.length) {
      // A twin of an earlier line of this batch matches the member that line has just become.
      const pending = duplicates.filter((d) => d.memberId === null);
      const resolved = pending.length ? (await sortOutDuplicates(t, row.vivierId, pending)).duplicates : [];
      // eslint-disable-next-line no-restricted-syntax -- SQL: batch insert (Objection inserts arrays only on PostgreSQL)
      await t
        .db('vivierImportDuplicates')
        .insert(
          [...duplicates.filter((d) => d.memberId !== null), ...resolved].map((d) => ({
            importId: row.id,
            line: d.line,
            reason: d.reason,
            memberId: d.memberId,
          })),
        )
        .onConflict()
        .ignore();
    }
    await recordImportIssues(t, row.id, batchErrors, batchWarnings);
    const errors = [...listed.errors, ...batchErrors].slice(0, MAX_LISTED_ERRORS);
    const warnings = [...listed.warnings, ...batchWarnings].slice(0, MAX_LISTED_ERRORS);
    await VivierImport.query(t.db)
      .findById(row.id)
      .patch({
        totalRows: state.totalRows + batch.length + batchErrors.length,
        importedRows: state.importedRows + inserted,
        duplicateRows: state.duplicateRows + (batch.length - inserted),
        errorRows: state.errorRows + batchErrors.length,
        warningRows: state.warningRows + warningRows,
        ...(batchErrors.length ? { errors } : {}),
        ...(batchWarnings.length && listed.warnings.length < MAX_LISTED_ERRORS ? { warnings } : {}),
        lastCommittedLine: lastLine,
        ...(ignoredColumns ? { ignoredColumns } : {}),
        heartbeatAt: t.clock.now(),
      });
    return { inserted, errors, warnings };
  });
  if (!committed) throw new ImportTakenOver();
  state.totalRows += batch.length + batchErrors.length;
  state.importedRows += committed.inserted;
  state.duplicateRows += batch.length - committed.inserted;
  state.errorRows += batchErrors.length;
  state.warningRows += warningRows;
  state.lastCommittedLine = lastLine;
  listed.errors.splice(0, listed.errors.length, ...committed.errors);
  listed.warnings.splice(0, listed.warnings.length, ...committed.warnings);
}

/**
 * Cells past the header (a row longer than the header line) hold data no column names: their
 * positions join the import's ignored columns, stored with the batch that found them.
 */
class PastHeader {
  private readonly known: Set<number>;

  constructor(
    private readonly width: number,
    private readonly list: IgnoredColumn[],
    private fresh: boolean,
  ) {
    this.known = new Set(list.map((c) => c.position));
  }

  see(cells: unknown[]): void {
    for (let i = this.width; i < cells.length; i++) {
      const cell = cells[i];
      if (this.known.has(i + 1) || cell === '' || (typeof cell === 'string' && cell.trim() === '')) continue;
      this.known.add(i + 1);
      this.list.push({ position: i + 1, header: '' });
      this.fresh = true;
    }
  }

  /** The whole list when it grew since the last call, else null. */
  takeNew(): IgnoredColumn[] | null {
    if (!this.fresh) return null;
    this.fresh = false;
    return [...this.list].sort((a, b) => a.position - b.position);
  }
}
