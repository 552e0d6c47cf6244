import { Model } from 'objection';

export type ModerationStatus = 'HELD' | 'HIDDEN' | 'REJECTED' | 'RELEASED';

/** One offer's moderation state (domain/trust); `blocked` keeps it out of every public list. */
export class OffreModeration extends Model {
  static override tableName = 'offreModerations';
  static override idColumn = 'offreId';
  static override jsonAttributes = ['reasons'];
  offreId!: number;
  status!: ModerationStatus;
  blocked!: boolean;
  reasons!: string[];
  note!: string | null;
  since!: Date;
  decidedAt!: Date | null;
  decidedBy!: string | null;
}
