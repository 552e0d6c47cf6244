/** The job alert as the API shows it; its static type is the domain's AlertView. */
import Type from 'typebox';
import { DateTime, Nullable, StringEnum } from './common.ts';
import { CONTRACT_TYPES } from '../../models/offre.ts';

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
  createdAt: DateTime,
});
