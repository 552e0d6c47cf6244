/** Schemas shared by many routes: ids, pagination, the page shape. */
import Type, { type TSchema } from 'typebox';

export const Id = Type.Integer({ minimum: 1, maximum: 9007199254740991 });

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

export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

export const Empty = Type.Object({});

/** A string among `values`: `{type: string, enum}` in JSON Schema, the union of the values as its static type. */
export const StringEnum = <const T extends readonly string[]>(
  values: T,
  options: Record<string, unknown> = {},
) => Type.Unsafe<T[number]>({ ...options, type: 'string', enum: [...values] });

export const DateTime = Type.String({ format: 'date-time' });
