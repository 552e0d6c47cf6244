/** Schemas of job alerts. */
import Type from 'typebox';
import { Id, Nullable, StringEnum } from './common.ts';
import { AlertContractType as ContractType, AlertFrequency } from '../../domain/shapes/alert.ts';

export { Alert } from '../../domain/shapes/alert.ts';

const criteria = {
  keywords: Type.String({
    minLength: 1,
    maxLength: 500,
    description:
      'Words the offers must all contain (title, skills or description; accents and case ignored, prefixes match). Operators are ignored.',
  }),
  villeId: Type.Optional(Nullable(Id)),
  regionId: Type.Optional(Nullable(Id)),
  contractType: Type.Optional(Nullable(ContractType)),
  salaireMin: Type.Optional(
    Nullable(
      Type.Integer({
        minimum: 0,
        maximum: 1_000_000_000_000,
        description: 'keeps offers whose salaireMax is at least this, or unknown',
      }),
    ),
  ),
  remotePossible: Type.Optional(Nullable(Type.Boolean({ description: 'true: remote-possible offers only' }))),
};

const channels = {
  frequency: Type.Optional(AlertFrequency),
  sms: Type.Optional(
    Type.Boolean({
      description:
        'also by SMS: needs a mobile confirmed with POST /candidats/me/sms/phone/confirm (409 SMS_PHONE_NOT_CONFIRMED otherwise)',
    }),
  ),
};

export const AlertBody = Type.Object({ ...criteria, ...channels });

export const AlertUpdateBody = Type.Object({
  ...criteria,
  ...channels,
  active: Type.Optional(
    Type.Boolean({ description: 'kept when omitted; turning an alert back on matches from now' }),
  ),
});

export const PublicAlertBody = Type.Object({
  email: Type.String({ minLength: 3, maxLength: 254 }),
  ...criteria,
  frequency: Type.Optional(AlertFrequency),
});

export const PublicAlertRequest = Type.Object({
  email: Type.String(),
  status: StringEnum(['PENDING_CONFIRMATION']),
});

export const AlertTokenQuery = Type.Object({ token: Type.String({ minLength: 1, maxLength: 200 }) });
