// Keeps one of Node's tick objects (what process.nextTick queues) alive for the life of the
// process, so that V8 never drops the hidden classes ("maps") those objects share.
//
// Why: nextTick builds each tick object with a literal whose first keys are symbols
// ({ [async_id_symbol]: ..., [trigger_async_id_symbol]: ..., callback, args }). V8 remembers, at
// each of those keys, the one map it saw there, and holds it weakly. Once no tick object is alive
// through a few full collections, V8 frees those maps; the next tick objects get new ones, and
// seeing another map turns each of those keys for good into a call into the runtime
// (DefineKeyedOwnPropertyInLiteral, MEGAMORPHIC). A serving process does not escape it: its
// startup alone runs the collections. Measured on Node 20: a nextTick went from about 110 ns to
// 400 to 700 ns, and Node's HTTP and stream code calls it about 8 times a request; on `serve`
// under GET /regions it was 9 to 12 % of the process's CPU, which a bare Koa process, with fewer
// full collections, does not pay. The one kept object keeps its map, and the maps it was built
// through, alive: the remembered maps stay the right ones.
//
// It must run before the first full collections, hence first in the binary. A Node whose tick
// objects are built otherwise just keeps one small object.
import { executionAsyncResource } from 'node:async_hooks';

/** The tick object kept; exported so that nothing takes it for unused. */
export let pinnedTick = null;

// Inside a nextTick callback, the resource executing is the tick object itself.
process.nextTick(() => {
  pinnedTick = executionAsyncResource();
});
