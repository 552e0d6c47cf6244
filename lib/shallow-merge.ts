/**
 * `{ ...base, ...extra }` where `extra`'s keys are known in advance (a search hit: an offer's view
 * and its score), made by an object literal compiled once for each list of `base`'s keys.
 *
 * Why: a spread of an offer's view (29 properties) cost about 1 µs, whatever the view: V8's
 * CloneObject IC for it is MEGAMORPHIC from the first page (the views are frozen), so each
 * property goes through `CreateDataProperty`, which was 5 % of the CPU of a search made afresh
 * (`perf`, with `CloneObjectIC_Slow` 1.3 % more). A literal naming the properties took 0.09 µs.
 *
 * A literal names the keys in the spread's order, with the same values read the same way (getters
 * included); a key of `extra` also in `base` stays at its place with `extra`'s value, as in a
 * spread. What a literal cannot say the same way goes through the spread: a base with own symbol
 * keys or a `__proto__` key (a literal would set the prototype), and bases of more than
 * MAX_SHAPES key lists.
 */

/** Key lists compiled at most, for one list of extra keys (the API's views come in a handful). */
const MAX_SHAPES = 64;

/** The keys a literal can name the same way; null when one of them cannot be. */
function nameableKeys(value: object): string[] | null {
  if (Object.getOwnPropertySymbols(value).length > 0) return null;
  const keys = Object.keys(value);
  return keys.includes('__proto__') ? null : keys;
}

/** `(b, e) => ({ "k1": b["k1"], ..., "x": e["x"] })`. */
function compile(
  baseKeys: readonly string[],
  extraKeys: readonly string[],
): (b: object, e: object) => object {
  const member = (object: string) => (k: string) => `${JSON.stringify(k)}: ${object}[${JSON.stringify(k)}]`;
  const members = [...baseKeys.map(member('b')), ...extraKeys.map(member('e'))];
  // The keys are written as JSON strings: nothing in them can end the literal or run.
  return new Function('b', 'e', `return { ${members.join(', ')} };`) as (b: object, e: object) => object;
}

/**
 * The merge of any base with an `extra` holding exactly `extraKeys` (string keys, in that order):
 * `merge(base, extra)` is `{ ...base, ...extra }`.
 */
export function mergeWithKeys<E extends object>(extraKeys: readonly string[]) {
  if (extraKeys.includes('__proto__')) throw new Error('mergeWithKeys: __proto__ cannot be named');
  const byBaseKeys = new Map<string, (b: object, e: object) => object>();
  const spread = (b: object, e: object) => ({ ...b, ...e });
  // Each base object's merge, found once: a view is extended on many pages while it is kept.
  const ofBase = new WeakMap<object, (b: object, e: object) => object>();
  const mergeOf = (base: object) => {
    const keys = nameableKeys(base);
    if (keys === null) return spread;
    const shape = JSON.stringify(keys);
    let merge = byBaseKeys.get(shape);
    if (merge) return merge;
    if (byBaseKeys.size >= MAX_SHAPES) return spread;
    merge = compile(keys, extraKeys);
    byBaseKeys.set(shape, merge);
    return merge;
  };
  return <B extends object>(base: B, extra: E): B & E => {
    // Only a frozen base keeps its keys: another one is looked at each time.
    let merge = ofBase.get(base);
    if (!merge) {
      merge = mergeOf(base);
      if (Object.isFrozen(base)) ofBase.set(base, merge);
    }
    return merge(base, extra) as B & E;
  };
}
