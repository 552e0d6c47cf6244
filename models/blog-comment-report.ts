import { Model } from 'objection';

export class BlogCommentReport extends Model {
  static override tableName = 'blogCommentReports';
  id!: number;
  commentId!: number;
  accountId!: number;
  reason!: string | null;
  createdAt!: Date;
}
