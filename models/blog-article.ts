import { Model } from 'objection';
import { StoredFile } from './stored-file.ts';

export class BlogArticle extends Model {
  static override tableName = 'blogArticles';
  id!: number;
  titre!: string;
  slug!: string;
  contenu!: string;
  extrait!: string | null;
  categorie!: string;
  status!: 'DRAFT' | 'PUBLISHED';
  publishedAt!: Date | null;
  coverFileId!: number | null;
  authorAccountId!: number | null;
  createdAt!: Date;
  updatedAt!: Date;
  cover?: StoredFile | null;

  static override relationMappings = () => ({
    cover: {
      relation: Model.BelongsToOneRelation,
      modelClass: StoredFile,
      join: { from: 'blogArticles.coverFileId', to: 'files.id' },
    },
  });
}
