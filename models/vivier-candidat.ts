import { Model } from 'objection';

export class VivierCandidat extends Model {
  static override tableName = 'vivierCandidats';
  static override jsonAttributes = ['tags'];
  id!: number;
  vivierId!: number;
  candidatId!: number | null;
  email!: string;
  nom!: string | null;
  prenom!: string | null;
  telephone!: string | null;
  tags!: string[] | null;
  notes!: string | null;
  source!: 'MANUAL' | 'IMPORT';
  importId!: number | null;
  createdAt!: Date;
  updatedAt!: Date;
}
