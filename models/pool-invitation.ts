import { Model } from 'objection';
import { Entreprise } from './entreprise.ts';
import { VivierCandidat } from './vivier-candidat.ts';

export type PoolInvitationStatus = 'PENDING' | 'ACCEPTED' | 'DECLINED';

/** An invitation of a pool member, answered by the candidate whose account has that email. */
export class PoolInvitation extends Model {
  static override tableName = 'poolInvitations';
  id!: number;
  vivierCandidatId!: number;
  entrepriseId!: number;
  email!: string;
  status!: PoolInvitationStatus;
  optOutToken!: string;
  createdAt!: Date;
  respondedAt!: Date | null;
  entreprise?: Entreprise;
  member?: VivierCandidat;

  static override relationMappings = () => ({
    entreprise: {
      relation: Model.BelongsToOneRelation,
      modelClass: Entreprise,
      join: { from: 'poolInvitations.entrepriseId', to: 'entreprises.id' },
    },
    member: {
      relation: Model.BelongsToOneRelation,
      modelClass: VivierCandidat,
      join: { from: 'poolInvitations.vivierCandidatId', to: 'vivierCandidats.id' },
    },
  });
}
