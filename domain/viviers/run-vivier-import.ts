/**
 * Processes one talent-pool CSV import (job `vivier:import-csv`, CLI `recrutement vivier import`).
 *
 * - The file is streamed from storage through csv-parse: it is never loaded whole, so memory
 *   stays flat whatever its size (bench/import.ts). Its encoding is decided first, on the whole
 *   file (csv-encoding.ts: BOM, else strict UTF-8, else Windows-1252), then it is decoded as it
 *   is parsed; the delimiter (`,` `;` TAB) is read from the header line.
 * - Rows are checked one by one (pool-member.ts); a bad row is a line-numbered error, not a crash.
 *   A bad optional value (a phone Excel mangled) or a value cleaned up (an email pasted with
 *   `mailto:`) is a line-numbered warning: the person is imported.
 *   Line numbers are counted here, from the parsed fields and csv-parse's empty-line count:
 *   csv-parse's own `info.lines` counts a CRLF inside a quoted field as two lines.
 * - Valid rows are written in batches, each in ONE transaction with INSERT IGNORE on the unique
 *   (vivier, email) key, which also moves the import's counters, its capped error list and
 *   `last_committed_line` forward. A crash anywhere loses at most the uncommitted batch; the
 *   next run skips every record up to `last_committed_line` and goes on, so nothing is lost and
 *   nothing is counted twice. A row whose email or phone number is already in the pool, or on an
 *   earlier line of the file, is a duplicate: counted, and its line kept in
 *   `vivier_import_duplicates` with what matched (EMAIL or PHONE). The batch runs with the pool
 *   row locked, so a concurrent import or single add into the same pool cannot slip a twin in.
 * - A file that cannot be read as our CSV (binary, no email column, broken quoting) fails the
 *   import with a message saying why. Any other error (database, storage, the caller's
 *   heartbeat) is thrown as is and leaves the import RUNNING: it is resumed later.
 */
import { Readable } from 'node:stream';
import { parse, type Info } from 'csv-parse';
import { inTransaction, type Ctx } from '../context.ts';
import { NotFoundError } from '../errors.ts';
import { checkPoolMember, type PoolMember } from './pool-member.ts';
import { lockPool, sortOutDuplicates } from './pool-duplicates.ts';
import {
  ImportFormatError,
  SNIFF_BYTES,
  checkText,
  detectDelimiter,
  headerLine,
  requireEmailColumn,
  type ImportColumn,
} from './csv-format.ts';
import { decodeHead, decodedStream, detectEncoding } from './csv-encoding.ts';
import type { ImportWarning } from './import-warning.ts';
import { finishImport, isFinalImportStatus, startImport } from './import-lifecycle.ts';
import { IMPORT_PROGRESS_COLUMNS, VivierImport } from '../../models/vivier-import.ts';

export const IMPORT_BATCH_SIZE = 1000;
export const MAX_LISTED_ERRORS = 1000;

export type ImportStatus = 'QUEUED' | 'RUNNING' | 'DONE' | 'FAILED';

export interface ImportError {
  line: number;
  message: string;
}

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
  /** Called between batches: the job passes job.touch() so its lock stays alive. */
  heartbeat?: () => Promise<void>;
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
}

/** Stops the run without touching the row: it was finished, deleted or taken over meanwhile. */
class ImportTakenOver extends Error {}

const breaks = (s: string) => (s.match(/\r\n|\r|\n/g) ?? []).length;

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
    .select(...IMPORT_PROGRESS_COLUMNS, 'vivierImports.lastCommittedLine', 'file.storageKey')
    .castTo<ImportRow | undefined>();
}

/** The first bytes (to check and to find the delimiter), then the whole stream again from byte 0. */
async function openCsv(source: AsyncIterable<Buffer>): Promise<{ head: Buffer; bytes: Readable }> {
  const iterator = source[Symbol.asyncIterator]();
  const chunks: Buffer[] = [];
  let size = 0;
  while (size < SNIFF_BYTES) {
    const next = await iterator.next();
    if (next.done) break;
    const chunk = Buffer.isBuffer(next.value) ? next.value : Buffer.from(next.value);
    chunks.push(chunk);
    size += chunk.length;
    if (chunk.includes(0x0a) || chunk.includes(0x0d)) break;
  }
  const head = Buffer.concat(chunks);
  async function* all(): AsyncGenerator<Buffer> {
    try {
      yield head;
      for (;;) {
        const next = await iterator.next();
        if (next.done) return;
        yield next.value;
      }
    } finally {
      // Closes the file when the parse stops early (format error, crash of a batch).
      await iterator.return?.();
    }
  }
  return { head, bytes: Readable.from(all(), { objectMode: false }) };
}

export async function runVivierImport(
  ctx: Ctx,
  importId: number,
  opts: RunImportOptions = {},
): Promise<ImportProgress> {
  const batchSize = opts.batchSize ?? IMPORT_BATCH_SIZE;
  const row = await loadImport(ctx, importId);
  if (!row) throw new NotFoundError('Import');
  if (isFinalImportStatus(row.status)) return progressOf(row);
  await startImport(ctx, importId);
  const state: ImportProgress = { ...progressOf(row), status: 'RUNNING' };
  const errors: ImportError[] = Array.isArray(row.errors) ? row.errors : [];
  const warnings: ImportWarning[] = Array.isArray(row.warnings) ? row.warnings : [];

  async function finish(status: 'DONE' | 'FAILED', failureMessage: string | null): Promise<ImportProgress> {
    await finishImport(ctx, importId, status, failureMessage);
    return { ...state, status, failureMessage };
  }

  try {
    if (!row.storageKey) throw new ImportFormatError('syntax', 'The uploaded file is no longer available');
    await importRecords(ctx, row, state, { errors, warnings }, batchSize, opts);
    return await finish('DONE', null);
  } catch (err) {
    if (err instanceof ImportFormatError) return finish('FAILED', err.message);
    if (err instanceof ImportTakenOver) return state;
    throw err;
  }
}

async function importRecords(
  ctx: Ctx,
  row: ImportRow,
  state: ImportProgress,
  listed: Listed,
  batchSize: number,
  opts: RunImportOptions,
): Promise<void> {
  // A first streamed pass decides the encoding on the whole file, before any row is committed.
  const encoding = await detectEncoding(ctx.storage.stream(row.storageKey!));
  const { head, bytes } = await openCsv(ctx.storage.stream(row.storageKey!));
  const text = decodedStream(bytes, encoding);
  try {
    if (head.length === 0) throw new ImportFormatError('header', 'The file is empty');
    const headText = decodeHead(head, encoding);
    checkText(headText);
    const delimiter = detectDelimiter(headerLine(headText, head.length));
    await parseAndCommit(ctx, row, state, listed, batchSize, opts, delimiter, text);
  } finally {
    text.destroy();
    bytes.destroy();
  }
}

async function parseAndCommit(
  ctx: Ctx,
  row: ImportRow,
  state: ImportProgress,
  listed: Listed,
  batchSize: number,
  opts: RunImportOptions,
  delimiter: string,
  bytes: Readable,
): Promise<void> {
  const parser = bytes.pipe(
    parse({
      bom: true,
      delimiter,
      info: true,
      skip_empty_lines: true,
      relax_column_count: true,
      relax_quotes: false,
    }),
  );
  bytes.on('error', (err) => parser.destroy(err));

  let columns: (ImportColumn | null)[] | null = null;
  let consumedLines = 0;
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
    for await (const item of parser as AsyncIterable<{ record: string[]; info: Info }>) {
      const { record, info } = item;
      const startLine = consumedLines + info.empty_lines + 1;
      consumedLines += 1 + record.reduce((n, field) => n + breaks(field), 0);
      const endLine = consumedLines + info.empty_lines;
      if (!columns) {
        columns = requireEmailColumn(record);
        continue;
      }
      if (endLine <= state.lastCommittedLine) continue; // committed by an earlier run
      batchLastLine = endLine;
      if (record.every((f) => f.trim() === '')) continue; // a blank row is not a data row
      const fields: Partial<Record<ImportColumn, string>> = {};
      columns.forEach((col, i) => {
        if (col && fields[col] === undefined && record[i] !== undefined) fields[col] = record[i];
      });
      const checked = checkPoolMember(fields, 'import');
      if ('error' in checked) batchErrors.push({ line: startLine, message: checked.error });
      else {
        batch.push({ line: startLine, member: checked.member });
        if (checked.warnings.length) batchWarningRows += 1;
        for (const w of checked.warnings) batchWarnings.push({ line: startLine, ...w });
      }
      if (batch.length + batchErrors.length >= batchSize) await flush();
    }
  } catch (err) {
    await committing.catch(() => undefined); // the batch in flight ends (or fails) before the run does
    const e = err as { code?: unknown; message?: string; lines?: unknown };
    if (typeof e.code === 'string' && (e.code.startsWith('CSV_') || e.code === 'INVALID_OPENING_QUOTE')) {
      // The parser runs ahead of this loop, so its own count locates the error ("near": it
      // counts a CRLF inside quotes twice).
      const line = typeof e.lines === 'number' ? e.lines : consumedLines + 1;
      throw new ImportFormatError(
        'syntax',
        `Malformed CSV near line ${line}: ${String(e.message).replace(/ at line \d+.*$/, '')}`,
      );
    }
    throw err;
  }
  if (!columns) throw new ImportFormatError('header', 'The file has no header row');
  await flush();
  await committing;
}

async function commitBatch(
  ctx: Ctx,
  row: ImportRow,
  state: ImportProgress,
  listed: Listed,
  { rows: batch, errors: batchErrors, warnings: batchWarnings, warningRows, lastLine }: BatchFindings,
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
      // eslint-disable-next-line no-restricted-syntax -- SQL: batch INSERT IGNORE whose affectedRows counts the new members
      const insert = t
        .db('vivierCandidats')
        .insert(
          fresh.map(({ member }) => ({
            vivierId: row.vivierId,
            // Never linked by email: only the candidate's consent links a member to an account.
            candidatId: null,
            ...member,
            tags: JSON.stringify(member.tags),
            source: 'IMPORT',
            importId: row.id,
            createdAt: now,
            updatedAt: now,
          })),
        )
        .onConflict()
        .ignore()
        .toSQL();
      const [result] = (await t.db.raw(insert.sql, insert.bindings)) as [{ affectedRows: number }];
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
