import { Model } from 'objection';

export class SecteurActivite extends Model {
  static override tableName = 'secteursActivite';
  id!: number;
  nom!: string;
  description!: string | null;
  actif!: boolean;
  createdAt!: Date;
  updatedAt!: Date;
}
