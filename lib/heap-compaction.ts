/**
 * One full collection that moves every live object of the old generation together, so that its
 * pages hold only live objects and the empty ones are given back.
 *
 * Why: every young-generation collection (one every few hundred requests under load) walks the
 * header of each page of the old generation, live or not. Building the search index leaves the
 * old generation fragmented (about 330 MB of pages holding 130 MB of live objects at 100,000
 * offers), and V8's own full collections move only a few pages each. Measured on the API under
 * the search mix: a young collection paused about 2 ms, of which 0.3 ms was copying the
 * survivors; the rest was that walk.
 *
 * The collection stops the process for a few hundred milliseconds at that size: it is for the
 * moment after a build, before the process is ready or while a rebuild already took seconds.
 */
import v8 from 'node:v8';
import vm from 'node:vm';

export interface HeapCompaction {
  /** The old generation's pages before and after, in MB. */
  beforeMb: number;
  afterMb: number;
  /** The live objects left in them, in MB. */
  liveMb: number;
  ms: number;
}

let collect: (() => void) | null = null;

/** V8's `gc()`: given by --expose-gc, else made available for this process's own use. */
function collector(): () => void {
  if (collect) return collect;
  const exposed = (globalThis as { gc?: () => void }).gc;
  if (exposed) return (collect = exposed);
  v8.setFlagsFromString('--expose-gc');
  // The flag reaches contexts made after it: a new context's `gc` collects the whole heap.
  return (collect = vm.runInNewContext('gc') as () => void);
}

function oldSpace(): { size: number; used: number } {
  const space = v8.getHeapSpaceStatistics().find((s) => s.space_name === 'old_space');
  return { size: space?.space_size ?? 0, used: space?.space_used_size ?? 0 };
}

const mb = (bytes: number) => Math.round(bytes / 1048576);

export function compactHeap(): HeapCompaction {
  const gc = collector();
  const before = oldSpace();
  const t0 = performance.now();
  // Without it, a full collection moves only the pages V8 finds worth it, a few each time.
  v8.setFlagsFromString('--compact-on-every-full-gc');
  try {
    gc();
  } finally {
    v8.setFlagsFromString('--no-compact-on-every-full-gc');
  }
  const after = oldSpace();
  return {
    beforeMb: mb(before.size),
    afterMb: mb(after.size),
    liveMb: mb(after.used),
    ms: Math.round(performance.now() - t0),
  };
}
