/**
 * Passwords are stored with argon2id, never in clear, never logged. Hashing is CPU-heavy and runs
 * on libuv's thread pool (4 threads, shared with file reads): at most HASHING_CONCURRENCY hashes
 * run at once, at most HASHING_QUEUE wait, and beyond that QueueFullError (the API answers 503
 * with Retry-After): a flood of logins cannot make a file download wait, nor grow an unbounded queue.
 *
 * The cost (memory and passes) is PASSWORD_HASH_MEMORY_KIB and PASSWORD_HASH_TIME_COST. A hash
 * carries its own parameters, so hashes made at another cost still verify; a login rehashes them
 * at the current one (passwordNeedsRehash).
 */
import os from 'node:os';
import { randomBytes } from 'node:crypto';
import argon2 from 'argon2';
import { BoundedQueue } from './bounded-queue.ts';

export const MIN_PASSWORD_LENGTH = 8;
/** One core is left to the event loop: argon2 is CPU-bound, and two hashes on two cores starve every request. */
export const HASHING_CONCURRENCY = Math.max(1, Math.min(2, os.availableParallelism() - 1));
export const HASHING_QUEUE = 100;

export interface PasswordHashCost {
  /** Memory one hash fills, in KiB. */
  memoryKib: number;
  /** Passes over that memory. */
  timeCost: number;
}

/** argon2's own defaults (64 MiB, 3 passes): about 120 to 250 ms a hash on one core of a small server. */
export const DEFAULT_PASSWORD_HASH_COST: PasswordHashCost = { memoryKib: 65_536, timeCost: 3 };

const hashing = new BoundedQueue(HASHING_CONCURRENCY, HASHING_QUEUE);
let cost = DEFAULT_PASSWORD_HASH_COST;
/** A hash of a random secret at the current cost, for the verification an unknown account still costs. */
let noAccountHash: Promise<string> | null = null;

const bounded = <T>(task: () => Promise<T>) => hashing.run(task);

/** Set once at start from the configuration (and by tests, which hash at a tiny cost). */
export function setPasswordHashCost(next: PasswordHashCost): void {
  cost = next;
  noAccountHash = null;
}

export function passwordHashCost(): PasswordHashCost {
  return cost;
}

/** A new hash at the current cost (or at `at`, for a hash an operator's older setting would have made). */
export function hashPassword(password: string, at: PasswordHashCost = cost): Promise<string> {
  const { memoryKib, timeCost } = at;
  return bounded(() => argon2.hash(password, { type: argon2.argon2id, memoryCost: memoryKib, timeCost }));
}

export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  return bounded(async () => {
    try {
      return await argon2.verify(hash, password);
    } catch {
      return false;
    }
  });
}

/**
 * What checking a password against an account that does not exist costs: one verification at the
 * current cost, like a real one, so neither the answer nor its timing tells whether an address has
 * an account. Always false.
 */
export async function verifyPasswordOfNoAccount(password: string): Promise<false> {
  noAccountHash ??= hashPassword(randomBytes(16).toString('hex'));
  await verifyPassword(await noAccountHash, password);
  return false;
}

/** Whether a stored hash was made with other parameters than the current ones (a login then rehashes it). */
export function passwordNeedsRehash(hash: string): boolean {
  try {
    return argon2.needsRehash(hash, { memoryCost: cost.memoryKib, timeCost: cost.timeCost });
  } catch {
    return false;
  }
}
