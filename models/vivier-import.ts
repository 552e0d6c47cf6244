import { Model } from 'objection';
import { Vivier } from './vivier.ts';
import { StoredFile } from './stored-file.ts';

export type ImportStatus = 'QUEUED' | 'RUNNING' | 'DONE' | 'FAILED';

/** A line's error or warning in the JSON lists (domain/viviers/line-issue.ts StoredLineIssue). */
export interface StoredImportIssue {
  line: number;
  code?: string;
  params?: Record<string, string | number>;
  column?: 'email' | 'nom' | 'prenom' | 'telephone' | 'tags' | 'notes';
  message?: string;
}

/** Why an import failed: a problem's code and parameters, and how many people it took back out. */
export interface StoredImportFailure {
  code: string;
  params: Record<string, string | number | readonly string[]>;
  removed?: number;
}

export class VivierImport extends Model {
  static override tableName = 'vivierImports';
  static override jsonAttributes = ['errors', 'warnings', 'columnMapping', 'ignoredColumns', 'failure'];
  id!: number;
  vivierId!: number;
  fileId!: number | null;
  status!: ImportStatus;
  totalRows!: number;
  importedRows!: number;
  duplicateRows!: number;
  errorRows!: number;
  /** The first 1,000 refused lines: {line, code, params, column?}; older imports {line, message}. */
  errors!: StoredImportIssue[] | null;
  warningRows!: number;
  /** The first 1,000 warnings: values changed or left out, the person imported. */
  warnings!: StoredImportIssue[] | null;
  lastCommittedLine!: number;
  /** Why it failed, in English (what older imports keep alone). */
  failureMessage!: string | null;
  /** Why it failed as a code (domain/viviers/import-file-problems.ts), said in the reader's language. */
  failure!: StoredImportFailure | null;
  /** How the file is read (set at upload; null for imports queued before workbooks: csv). */
  format!: 'csv' | 'xlsx' | 'ods' | null;
  sheet!: string | null;
  columnMapping!: { position: number; header: string; field: string | null }[] | null;
  /** File columns whose data is not imported (no field, or a cell past the header). */
  ignoredColumns!: { position: number; header: string }[] | null;
  createdBy!: number | null;
  createdAt!: Date;
  startedAt!: Date | null;
  finishedAt!: Date | null;
  /** Renewed by every committed batch while RUNNING; an old one means the worker died. */
  heartbeatAt!: Date | null;
  /** How many times the import was claimed. */
  attempts!: number;
  vivier?: Vivier;
  file?: StoredFile | null;

  static override relationMappings = () => ({
    vivier: {
      relation: Model.BelongsToOneRelation,
      modelClass: Vivier,
      join: { from: 'vivierImports.vivierId', to: 'viviers.id' },
    },
    file: {
      relation: Model.BelongsToOneRelation,
      modelClass: StoredFile,
      join: { from: 'vivierImports.fileId', to: 'files.id' },
    },
  });
}

/** What an import's progress is read from: its state, counters, capped error and warning lists, failure. */
export const IMPORT_PROGRESS_COLUMNS = [
  'vivierImports.id',
  'vivierImports.vivierId',
  'vivierImports.status',
  'vivierImports.totalRows',
  'vivierImports.importedRows',
  'vivierImports.duplicateRows',
  'vivierImports.errorRows',
  'vivierImports.errors',
  'vivierImports.warningRows',
  'vivierImports.warnings',
  'vivierImports.failureMessage',
  'vivierImports.failure',
];
