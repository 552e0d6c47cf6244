/**
 * Building blocks of the entity shapes: one TypeBox definition per shape gives the API its
 * validation and OpenAPI schema and the domain its view types (Static<typeof Shape>).
 */
import Type, { type TSchema } from 'typebox';

export const Id = Type.Integer({ minimum: 1, maximum: 9007199254740991 });

export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

/** A string among `values`: `{type: string, enum}` in JSON Schema, the union of the values as its static type. */
export const StringEnum = <const T extends readonly string[]>(
  values: T,
  options: Record<string, unknown> = {},
) => Type.Unsafe<T[number]>({ ...options, type: 'string', enum: [...values] });

/**
 * A point in time: a `date-time` string in JSON, a Date in the domain (DATETIME columns come back
 * as Date; JSON.stringify writes them as ISO strings). Only for answers, never for input.
 */
export const DateTime = Type.Unsafe<Date>({ type: 'string', format: 'date-time' });

/** A calendar day (DATE columns come back as 'YYYY-MM-DD' text). */
export const DateOnly = Type.String({ format: 'date', description: 'YYYY-MM-DD' });
