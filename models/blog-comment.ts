import { Model } from 'objection';

export class BlogComment extends Model {
  static override tableName = 'blogComments';
  id!: number;
  articleId!: number;
  accountId!: number | null;
  authorName!: string | null;
  content!: string;
  hidden!: boolean;
  reportCount!: number;
  createdAt!: Date;
  updatedAt!: Date;
}
