import { Model } from 'objection';

export class ExperienceLevel extends Model {
  static override tableName = 'experienceLevels';
  id!: number;
  nom!: string;
  ordre!: number;
  createdAt!: Date;
  updatedAt!: Date;
}
