/**
 * A blog comment as the API shows it (`id, articleId, content, authorName, createdAt`; the admin
 * view adds `hidden` and `reportCount`); their static types are the domain's comment views.
 */
import Type from 'typebox';
import { DateTime, Nullable } from './common.ts';

export const Comment = Type.Object({
  id: Type.Integer(),
  articleId: Type.Integer(),
  content: Type.String(),
  authorName: Nullable(Type.String()),
  createdAt: DateTime,
});

export const AdminComment = Type.Object({
  id: Type.Integer(),
  articleId: Type.Integer(),
  content: Type.String(),
  authorName: Nullable(Type.String()),
  createdAt: DateTime,
  hidden: Type.Boolean({ description: 'true once reported more than 3 times, until approved' }),
  reportCount: Type.Integer(),
});
