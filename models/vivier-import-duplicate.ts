import { Model } from 'objection';

export type DuplicateReason = 'EMAIL' | 'PHONE';

/** A line of an import that was a duplicate, with what matched and the member it matched (when known). */
export class VivierImportDuplicate extends Model {
  static override tableName = 'vivierImportDuplicates';
  id!: number;
  importId!: number;
  line!: number;
  reason!: DuplicateReason;
  memberId!: number | null;
}
