/** Schemas shared by many routes: ids, pagination, the page shape. */
import Type, { type TSchema } from 'typebox';
import { Id } from '../../domain/shapes/common.ts';

export { DateTime, Id, Nullable, StringEnum } from '../../domain/shapes/common.ts';

export const idParams = (name = 'id') => Type.Object({ [name]: Id });

export const PageQuery = {
  page: Type.Optional(Type.Integer({ minimum: 0, maximum: 1000000, description: 'Page number, from 0' })),
  size: Type.Optional(
    Type.Integer({
      minimum: 1,
      maximum: 2147483647,
      description: 'Page size, default 20; larger values are silently capped at 100',
    }),
  ),
  sort: Type.Optional(
    Type.Array(Type.String({ maxLength: 100 }), {
      description: '`field,asc|desc`, repeatable; allowed fields depend on the list',
    }),
  ),
};

export const pageOf = (item: TSchema) =>
  Type.Object({
    content: Type.Array(item),
    page: Type.Object({
      size: Type.Integer(),
      number: Type.Integer(),
      totalElements: Type.Integer(),
      totalPages: Type.Integer(),
    }),
  });

export const Empty = Type.Object({});
