/**
 * JSON as UTF-8 bytes, reusing the text of the objects serialized before: the same bytes as
 * `Buffer.from(JSON.stringify(value))`, made faster when the value holds shared views.
 *
 * A search page is 20 offer views of about 2 KB each plus a score each, and the views are the
 * same objects from one page to the next (the view cache holds them for 2 s). Its profile, made
 * afresh under load (no kept answer), showed `JSON.stringify` at 22 % of the API's CPU and the
 * text's encoding to UTF-8 at 7 %. Here an immutable object (immutableJson) is serialized once,
 * and an object made of one plus a few properties (extendedWith) is written as the other's bytes
 * followed by those properties; so is each item of a list made by extendedList (a page of search
 * hits). The answer's digest (its ETag) is then taken over the kept objects' own digests and the
 * text between them, not over all the bytes again.
 */
import { createHash } from 'node:crypto';
import { mergeWithKeys } from './shallow-merge.ts';

interface Kept {
  bytes: Buffer;
  /** SHA-1 of the bytes. */
  digest: Buffer;
}

/** Objects declared never to change, and their bytes once serialized. */
const immutable = new WeakMap<object, Kept | null>();
/** Objects made of an immutable one and a few properties, by extendedWith. */
const extensions = new WeakMap<object, { base: object; extra: Record<string, unknown> }>();

/** Lists made by extendedList, and the parts of each of their items, in order. */
const extendedLists = new WeakMap<readonly object[], readonly ExtendedItem<object>[]>();

/** How deep the writer looks for such objects (envelope, data, content, hit); below, JSON.stringify. */
const MAX_DEPTH = 4;

/** Freezes `value` and declares it never to change, deeply: its JSON text is kept once made. */
export function immutableJson<T extends object>(value: T): Readonly<T> {
  immutable.set(value, null);
  return Object.freeze(value);
}

/** `{ ...base, ...extra }`, remembered as such so its JSON reuses the base's. */
export function extendedWith<B extends object, E extends Record<string, unknown>>(base: B, extra: E): B & E {
  const out = { ...base, ...extra };
  extensions.set(out, { base, extra });
  // Written from its parts: it must not change either.
  return Object.freeze(out);
}

/**
 * One item of extendedList: `{ ...base, ...extra }`, made by `make` (a literal for extra's keys,
 * lib/shallow-merge.ts). Made by an extender (extenderWith).
 */
export interface ExtendedItem<T extends object> {
  readonly base: object;
  readonly extra: Record<string, unknown>;
  readonly make: (base: object, extra: Record<string, unknown>) => object;
  /** The type of the item made (never set). */
  readonly item?: T;
}

/**
 * Describes items of extendedList whose extras hold exactly `extraKeys`, in that order (a search
 * hit's score): each item `{ ...base, ...extra }` is then made by a literal.
 */
export function extenderWith<E extends Record<string, unknown>>(extraKeys: readonly (keyof E & string)[]) {
  const make = mergeWithKeys<E>(extraKeys) as ExtendedItem<object>['make'];
  return <B extends object>(base: B, extra: E): ExtendedItem<B & E> => ({ base, extra, make });
}

/**
 * The items, each `{ ...base, ...extra }`, frozen in a frozen list remembered as such, so its JSON
 * reuses each base's. One mark for the list rather than one for each item (extendedWith): making a
 * page of 20 search hits took 19 to 27 µs with a mark each, 6 to 14 µs so.
 */
export function extendedList<T extends object>(items: readonly ExtendedItem<T>[]): readonly T[] {
  const list = items.map((i) => Object.freeze(i.make(i.base, i.extra)) as T);
  extendedLists.set(list, items);
  return Object.freeze(list);
}

/**
 * JSON bytes and a digest of them (base64, 27 characters): answers with the same digest have the
 * same bytes, and an answer made again the same way (the same objects, or equal ones) has the same digest.
 */
export interface JsonAnswer {
  bytes: Buffer;
  digest: string;
}

const sha1 = () => createHash('sha1');
const base64Digest = (hash: ReturnType<typeof sha1>) => hash.digest('base64').slice(0, 27);

/** `Buffer.from(JSON.stringify(value))` and its SHA-1, or, when it holds kept objects, a digest of its parts. */
export function jsonAnswer(value: unknown): JsonAnswer {
  if (!holdsKept(value, 0)) {
    const bytes = Buffer.from(JSON.stringify(value));
    return { bytes, digest: base64Digest(sha1().update(bytes)) };
  }
  const out = new JsonParts();
  writeJson(out, jsonValueOf(value, ''), 0);
  return out.answer();
}

/** Pieces of text and kept bytes, joined once. */
class JsonParts {
  private readonly parts: { bytes: Buffer; digest?: Buffer }[] = [];
  private text = '';

  write(text: string): void {
    this.text += text;
  }

  writeKept(kept: Kept, end = kept.bytes.length): void {
    this.flush();
    this.parts.push({ bytes: kept.bytes.subarray(0, end), digest: kept.digest });
  }

  /**
   * The bytes, and a digest over each kept part's digest (and how much of it is written) and
   * each text's bytes, every part tagged and measured, so two answers share a digest only when
   * they are made of the same pieces, that is, the same bytes.
   */
  answer(): JsonAnswer {
    this.flush();
    const hash = sha1();
    const head = Buffer.alloc(5);
    for (const p of this.parts) {
      head[0] = p.digest ? 1 : 2;
      head.writeUInt32BE(p.bytes.length, 1);
      hash.update(head);
      hash.update(p.digest ?? p.bytes);
    }
    const bytes =
      this.parts.length === 1 ? this.parts[0]!.bytes : Buffer.concat(this.parts.map((p) => p.bytes));
    return { bytes, digest: base64Digest(hash) };
  }

  private flush(): void {
    if (this.text) this.parts.push({ bytes: Buffer.from(this.text) });
    this.text = '';
  }
}

const isPlain = (value: object): boolean => {
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
};

/** Whether the writer could reuse anything in `value` (else JSON.stringify does it all at once). */
function holdsKept(value: unknown, depth: number): boolean {
  if (value === null || typeof value !== 'object') return false;
  if (immutable.has(value) || extensions.has(value)) return true;
  if (Array.isArray(value) && extendedLists.has(value)) return true;
  if (depth >= MAX_DEPTH - 1) return false;
  if (Array.isArray(value)) return value.some((v) => holdsKept(v, depth + 1));
  if (!isPlain(value)) return false;
  for (const k of Object.keys(value))
    if (holdsKept((value as Record<string, unknown>)[k], depth + 1)) return true;
  return false;
}

/** The value JSON.stringify writes for `key` (toJSON applied), or undefined where it writes nothing. */
function jsonValueOf(value: unknown, key: string): unknown {
  const v =
    value !== null &&
    typeof value === 'object' &&
    typeof (value as { toJSON?: unknown }).toJSON === 'function'
      ? (value as { toJSON(key: string): unknown }).toJSON(key)
      : value;
  return typeof v === 'function' || typeof v === 'symbol' ? undefined : v;
}

/** Writes a value already through jsonValueOf, as JSON.stringify would. */
function writeJson(out: JsonParts, value: unknown, depth: number): void {
  if (typeof value === 'number') {
    // What JSON.stringify writes for a number, without its call (a score, a count, a page number).
    out.write(Number.isFinite(value) ? String(value) : 'null');
    return;
  }
  if (value === null || typeof value !== 'object' || depth >= MAX_DEPTH) {
    out.write(JSON.stringify(value) ?? 'null');
    return;
  }
  if (immutable.has(value)) {
    out.writeKept(kept(value));
    return;
  }
  const extension = extensions.get(value);
  if (extension && writeExtended(out, extension.base, extension.extra, depth)) return;
  const items = Array.isArray(value) ? extendedLists.get(value) : undefined;
  if (items) {
    writeExtendedList(out, value as readonly object[], items, depth);
    return;
  }
  if (Array.isArray(value)) {
    out.write('[');
    for (let i = 0; i < value.length; i++) {
      if (i > 0) out.write(',');
      writeJson(out, jsonValueOf(value[i], String(i)) ?? null, depth + 1);
    }
    out.write(']');
    return;
  }
  if (!isPlain(value)) {
    out.write(JSON.stringify(value));
    return;
  }
  out.write('{');
  writeMembers(out, value as Record<string, unknown>, depth, false);
  out.write('}');
}

/** A list made by extendedList: each item written from its parts where it can be. */
function writeExtendedList(
  out: JsonParts,
  list: readonly object[],
  items: readonly ExtendedItem<object>[],
  depth: number,
): void {
  out.write('[');
  for (let i = 0; i < list.length; i++) {
    if (i > 0) out.write(',');
    // An item with its own toJSON is written as JSON.stringify would: what toJSON gives.
    const item = jsonValueOf(list[i], String(i));
    if (item !== list[i] || !writeExtended(out, items[i]!.base, items[i]!.extra, depth + 1))
      writeJson(out, item ?? null, depth + 1);
  }
  out.write(']');
}

/**
 * Writes `{ ...base, ...extra }` as base's kept bytes followed by extra's members, when base is
 * immutable and the spread simply puts extra's members after base's; false (nothing written) otherwise.
 */
function writeExtended(out: JsonParts, base: object, extra: Record<string, unknown>, depth: number): boolean {
  if (!immutable.has(base) || reordered(base, extra)) return false;
  const bytes = kept(base);
  if (bytes.bytes.length <= 2) return false;
  out.writeKept(bytes, bytes.bytes.length - 1);
  writeMembers(out, extra, depth, true);
  out.write('}');
  return true;
}

/** An object's members, `"key":value` joined by commas; `after`: a member was written before them. */
function writeMembers(out: JsonParts, object: Record<string, unknown>, depth: number, after: boolean): void {
  let first = !after;
  for (const k of Object.keys(object)) {
    const v = jsonValueOf(object[k], k);
    if (v === undefined) continue;
    const key = keyJson(k);
    out.write(first ? key : `,${key}`);
    first = false;
    writeJson(out, v, depth + 1);
  }
}

/** `"key":` of the few property names answers use, written once each. */
const keys = new Map<string, string>();
function keyJson(k: string): string {
  let json = keys.get(k);
  if (json === undefined) {
    json = `${JSON.stringify(k)}:`;
    if (keys.size < 1000) keys.set(k, json);
  }
  return json;
}

function kept(value: object): Kept {
  let k = immutable.get(value);
  if (!k) {
    const bytes = Buffer.from(JSON.stringify(value));
    k = { bytes, digest: sha1().update(bytes).digest() };
    immutable.set(value, k);
  }
  return k;
}

/** Whether `value` was declared immutable (immutableJson). */
export function isImmutableJson(value: object): boolean {
  return immutable.has(value);
}

/** The immutable object and the properties `value` was made of (extendedWith), if it was. */
export function extensionOf(value: object): { base: object; extra: Record<string, unknown> } | undefined {
  return extensions.get(value);
}

/** The parts of each item of `value`, if it is a list made by extendedList. */
export function extendedItemsOf(
  value: object,
): readonly { base: object; extra: Record<string, unknown> }[] | undefined {
  return Array.isArray(value) ? extendedLists.get(value) : undefined;
}

/**
 * Whether the spread does not simply put `extra`'s members after `base`'s: where `extra` sets a
 * property `base` has (the spread keeps the base's place for it), or an integer-like one ("0":
 * JavaScript orders those first).
 */
function reordered(base: object, extra: Record<string, unknown>): boolean {
  for (const k of Object.keys(extra))
    if (/^\d+$/.test(k) || Object.prototype.hasOwnProperty.call(base, k)) return true;
  return false;
}
