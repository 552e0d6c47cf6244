/**
 * The one place that decides how an ImageRef (company logo) is rendered: a string for v1, an
 * object {url, variants} for `Accept: application/vnd.service.v2+json`.
 */
import { ImageRef } from '../../domain/files/file-urls.ts';
import type { Representation } from '../middleware/representation.ts';
import { extendedItemsOf, extensionOf, isImmutableJson } from '../../lib/json-bytes.ts';

/**
 * Whether v1 needs a copy of the answer: only for objects of a class JSON does not write as v1
 * says (ImageRef's toJSON already writes its URL, as v1 wants; Date and Buffer are written by
 * JSON too). A search page is plain objects and image refs: it is sent as it is, where copying it
 * took 9 % of the CPU of a search under load.
 */
function needsCopy(value: unknown): boolean {
  if (value === null || typeof value !== 'object') return false;
  if (isImmutableJson(value)) return immutableNeedsCopy(value);
  const extension = extensionOf(value);
  if (extension) return needsCopy(extension.base) || needsCopy(extension.extra);
  const items = extendedItemsOf(value);
  if (items) return items.some((item) => needsCopy(item.base) || needsCopy(item.extra));
  return walkNeedsCopy(value);
}

/** An immutable object (an offer view the view cache shares) is looked at once, not at each answer that holds it. */
const copyNeeded = new WeakMap<object, boolean>();
function immutableNeedsCopy(value: object): boolean {
  let needed = copyNeeded.get(value);
  if (needed === undefined) {
    needed = walkNeedsCopy(value);
    copyNeeded.set(value, needed);
  }
  return needed;
}

function walkNeedsCopy(value: object): boolean {
  if (Array.isArray(value)) {
    for (const v of value) if (needsCopy(v)) return true;
    return false;
  }
  if (value instanceof ImageRef || value instanceof Date || Buffer.isBuffer(value)) return false;
  const proto = Object.getPrototypeOf(value) as unknown;
  if (proto !== Object.prototype && proto !== null) return true;
  for (const k in value) if (needsCopy((value as Record<string, unknown>)[k])) return true;
  return false;
}

export function applyRepresentation(value: unknown, representation: Representation): unknown {
  if (representation === 'v1' && !needsCopy(value)) return value;
  if (value instanceof ImageRef)
    return representation === 'v2' ? { url: value.url, variants: value.variants } : value.url;
  if (Array.isArray(value)) return value.map((v) => applyRepresentation(v, representation));
  if (value && typeof value === 'object' && !(value instanceof Date) && !Buffer.isBuffer(value)) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = applyRepresentation(v, representation);
    return out;
  }
  return value;
}
