import { Model } from 'objection';

export type ReportReason = 'ASKS_FOR_MONEY' | 'FAKE_COMPANY' | 'DISCRIMINATORY' | 'EXPIRED' | 'MISLEADING';
export const REPORT_REASONS: ReportReason[] = [
  'ASKS_FOR_MONEY',
  'FAKE_COMPANY',
  'DISCRIMINATORY',
  'EXPIRED',
  'MISLEADING',
];

export class OffreReport extends Model {
  static override tableName = 'offreReports';
  id!: number;
  offreId!: number;
  /** `account:<id>` or `client:<address>`: one report per reporter and offer. */
  reporterKey!: string;
  accountId!: number | null;
  email!: string | null;
  langue!: string;
  reason!: ReportReason;
  details!: string | null;
  createdAt!: Date;
  resolvedAt!: Date | null;
  outcome!: string | null;
}
