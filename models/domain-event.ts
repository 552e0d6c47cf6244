import { Model } from 'objection';

/** The outbox: one row per event, written in the transaction of the change that caused it. */
export class DomainEvent extends Model {
  static override tableName = 'domainEvents';
  static override jsonAttributes = ['data'];
  id!: number;
  publicId!: string;
  type!: string;
  scope!: 'recruiter' | 'admin' | 'candidate';
  entrepriseId!: number | null;
  data!: Record<string, unknown>;
  createdAt!: Date;
  dispatchedAt!: Date | null;
}
