import { Model } from 'objection';

export type TypePage = 'ACCUEIL' | 'A_PROPOS' | 'STAFF';
export const TYPE_PAGES: TypePage[] = ['ACCUEIL', 'A_PROPOS', 'STAFF'];

export class EntreprisePage extends Model {
  static override tableName = 'entreprisePages';
  id!: number;
  entrepriseId!: number;
  typePage!: TypePage;
  contenu!: string | null;
  donneesJson!: string | null;
  ordre!: number;
  publie!: boolean;
  createdAt!: Date;
  updatedAt!: Date;
}
