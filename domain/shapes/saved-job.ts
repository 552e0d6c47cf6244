/**
 * A saved job as the candidate sees it (GET /candidats/me/saved-jobs): the API's schema and, as its
 * static type, the domain's SavedJobView. `offreStatus` is the offer's current status, or DELETED
 * once the offer is gone (title and company then come from the snapshot taken when it was saved).
 */
import Type from 'typebox';
import { DateTime, Nullable, StringEnum } from './common.ts';
import { ContractTypeSchema } from './offre.ts';
import { OFFRE_STATUSES } from '../../models/offre.ts';

const S = () => Nullable(Type.String());

export const SavedJob = Type.Object({
  offreId: Type.Integer(),
  savedAt: DateTime,
  offreStatus: StringEnum([...OFFRE_STATUSES, 'DELETED'], {
    description: 'DELETED: the offer no longer exists',
  }),
  titre: S(),
  entrepriseId: Nullable(Type.Integer()),
  entrepriseNom: S(),
  entrepriseLogoUrl: S(),
  localisation: S(),
  contractType: Nullable(ContractTypeSchema),
  salaireMin: Nullable(Type.Integer()),
  salaireMax: Nullable(Type.Integer()),
  remotePossible: Nullable(Type.Boolean()),
  deadline: Nullable(Type.String({ format: 'date' })),
  publishedAt: Nullable(DateTime),
});
