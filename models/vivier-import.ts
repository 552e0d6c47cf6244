import { Model } from 'objection';

export type ImportStatus = 'QUEUED' | 'RUNNING' | 'DONE' | 'FAILED';

export class VivierImport extends Model {
  static override tableName = 'vivierImports';
  static override jsonAttributes = ['errors'];
  id!: number;
  vivierId!: number;
  fileId!: number | null;
  status!: ImportStatus;
  totalRows!: number;
  importedRows!: number;
  duplicateRows!: number;
  errorRows!: number;
  errors!: { line: number; message: string }[] | null;
  lastCommittedLine!: number;
  failureMessage!: string | null;
  createdBy!: number | null;
  createdAt!: Date;
  startedAt!: Date | null;
  finishedAt!: Date | null;
}
