/** A talent pool (vivier) and a pool member as the API shows them; their static types are the domain's views. */
import Type from 'typebox';
import { DateTime, Nullable, StringEnum } from './common.ts';

export const Vivier = Type.Object({
  id: Type.Integer(),
  nom: Type.String(),
  description: Nullable(Type.String()),
  candidatsCount: Type.Integer({ description: 'members in the pool' }),
  createdAt: DateTime,
  updatedAt: DateTime,
});

export const VivierCandidat = Type.Object({
  id: Type.Integer({ description: 'candidatVivierId' }),
  vivierId: Type.Integer(),
  candidatId: Nullable(
    Type.Integer({ description: 'the candidate account with this email, when there is one' }),
  ),
  email: Type.String(),
  nom: Nullable(Type.String()),
  prenom: Nullable(Type.String()),
  telephone: Nullable(Type.String()),
  tags: Type.Array(Type.String()),
  notes: Nullable(Type.String()),
  source: StringEnum(['MANUAL', 'IMPORT']),
  createdAt: DateTime,
});
