/** The job alert as the API shows it, and the columns it is read from. */
import type { Static } from 'typebox';
import type { Alert } from '../shapes/index.ts';

/** The static type of the Alert shape (domain/shapes/alert.ts). */
export type AlertView = Static<typeof Alert>;

export const ALERT_VIEW_COLUMNS = [
  'id',
  'keywords',
  'villeId',
  'regionId',
  'contractType',
  'salaireMin',
  'remotePossible',
  'active',
  'frequency',
  'sms',
  'createdAt',
] as const;

export function alertView(row: AlertView): AlertView {
  return {
    id: row.id,
    keywords: row.keywords,
    villeId: row.villeId ?? null,
    regionId: row.regionId ?? null,
    contractType: row.contractType ?? null,
    salaireMin: row.salaireMin === null || row.salaireMin === undefined ? null : Number(row.salaireMin),
    remotePossible: row.remotePossible ?? null,
    active: Boolean(row.active),
    frequency: row.frequency ?? 'DAILY',
    sms: Boolean(row.sms),
    createdAt: row.createdAt,
  };
}
