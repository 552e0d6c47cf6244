import { Model } from 'objection';
import { Vivier } from './vivier.ts';
import { StoredFile } from './stored-file.ts';

export type ImportStatus = 'QUEUED' | 'RUNNING' | 'DONE' | 'FAILED';

export class VivierImport extends Model {
  static override tableName = 'vivierImports';
  static override jsonAttributes = ['errors', 'warnings'];
  id!: number;
  vivierId!: number;
  fileId!: number | null;
  status!: ImportStatus;
  totalRows!: number;
  importedRows!: number;
  duplicateRows!: number;
  errorRows!: number;
  errors!: { line: number; message: string }[] | null;
  warningRows!: number;
  /** The first 1,000 warnings: values changed or left out, the person imported. */
  warnings!: { line: number; code: string; message: string }[] | null;
  lastCommittedLine!: number;
  failureMessage!: string | null;
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
];
