/**
 * A tiny seeded generator (linear congruential), so two runs of a bench build the same data.
 * `rand` is in [0, 1); `pick` draws one item of a list with it.
 */
export interface SeededRandom {
  rand(): number;
  pick<T>(list: readonly T[]): T;
}

export function seededRandom(seed: number): SeededRandom {
  let state = seed;
  const rand = () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
  return { rand, pick: <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)] };
}
