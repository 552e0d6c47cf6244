import { Model } from 'objection';

export type ImportIssueKind = 'ERROR' | 'WARNING';

/** One error (line refused) or warning (person kept) of an import, by line: every one of them. */
export class VivierImportIssue extends Model {
  static override tableName = 'vivierImportIssues';
  static override jsonAttributes = ['params'];
  id!: number;
  importId!: number;
  line!: number;
  kind!: ImportIssueKind;
  code!: string;
  /** The member field concerned (email, telephone...), when there is one. */
  columnName!: string | null;
  /** What the code's sentence is made of (domain/viviers/line-issue-messages.ts). */
  params!: Record<string, string | number> | null;
  /** Only for a code the catalogue does not know: the text to show instead. */
  message!: string | null;
}
