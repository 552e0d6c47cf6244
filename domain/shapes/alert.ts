/** The job alert as the API shows it; its static type is the domain's AlertView. */
import Type from 'typebox';
import { DateTime, Nullable, StringEnum } from './common.ts';
import { CONTRACT_TYPES } from '../../models/offre.ts';
import { ALERT_FREQUENCIES } from '../../models/job-alert.ts';

export const AlertFrequency = StringEnum(ALERT_FREQUENCIES, {
  description:
    'INSTANT: sent within a minute of an offer’s publication; DAILY (default): the daily run; WEEKLY: the daily run, once a week',
});

export const AlertContractType = StringEnum(CONTRACT_TYPES);

export const Alert = Type.Object({
  id: Type.Integer(),
  keywords: Type.String(),
  villeId: Nullable(Type.Integer()),
  regionId: Nullable(Type.Integer()),
  contractType: Nullable(AlertContractType),
  salaireMin: Nullable(Type.Integer()),
  remotePossible: Nullable(Type.Boolean()),
  active: Type.Boolean(),
  frequency: AlertFrequency,
  sms: Type.Boolean({ description: 'also sent by SMS (one per day at most) to the confirmed mobile' }),
  createdAt: DateTime,
});
