import { Model } from 'objection';
import { Entreprise } from './entreprise.ts';
import { Recruteur } from './recruteur.ts';
import { Ville } from './ville.ts';

export type ContractType = 'CDI' | 'CDD' | 'FREELANCE' | 'STAGE';
export const CONTRACT_TYPES: ContractType[] = ['CDI', 'CDD', 'FREELANCE', 'STAGE'];
export type OffreStatus = 'DRAFT' | 'PUBLISHED' | 'ARCHIVED';
export const OFFRE_STATUSES: OffreStatus[] = ['DRAFT', 'PUBLISHED', 'ARCHIVED'];

export class Offre extends Model {
  static override tableName = 'offres';
  static override jsonAttributes = ['competences'];
  id!: number;
  entrepriseId!: number;
  recruteurId!: number | null;
  titre!: string;
  departement!: string | null;
  localisation!: string | null;
  villeId!: number | null;
  contractType!: ContractType;
  description!: string | null;
  experience!: string | null;
  competences!: string[] | null;
  competencesText!: string | null;
  salaireMin!: number | null;
  salaireMax!: number | null;
  remotePossible!: boolean;
  deadline!: string | null;
  status!: OffreStatus;
  publishedAt!: Date | null;
  archivedAt!: Date | null;
  totalCandidatures!: number;
  nouveaux!: number;
  enCours!: number;
  rencontres!: number;
  refuses!: number;
  embauches!: number;
  arencontrer!: number;
  createdAt!: Date;
  updatedAt!: Date;
  entreprise?: Entreprise;
  recruteur?: Recruteur | null;
  ville?: Ville | null;

  static override relationMappings = () => ({
    entreprise: {
      relation: Model.BelongsToOneRelation,
      modelClass: Entreprise,
      join: { from: 'offres.entrepriseId', to: 'entreprises.id' },
    },
    recruteur: {
      relation: Model.BelongsToOneRelation,
      modelClass: Recruteur,
      join: { from: 'offres.recruteurId', to: 'recruiters.id' },
    },
    ville: {
      relation: Model.BelongsToOneRelation,
      modelClass: Ville,
      join: { from: 'offres.villeId', to: 'villes.id' },
    },
  });

  static override modifiers = {
    published(query: import('objection').QueryBuilder<Offre>) {
      query.where('offres.status', 'PUBLISHED');
    },
  };
}
