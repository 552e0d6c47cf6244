/**
 * Passwords are stored with argon2id, never in clear, never logged. Hashing is CPU-heavy and runs
 * on libuv's thread pool (4 threads, shared with file reads): at most HASHING_CONCURRENCY hashes
 * run at once, at most HASHING_QUEUE wait, and beyond that QueueFullError (the API answers 503
 * with Retry-After): a flood of logins cannot make a file download wait, nor grow an unbounded queue.
 */
import os from 'node:os';
import argon2 from 'argon2';
import { BoundedQueue } from './bounded-queue.ts';

export const MIN_PASSWORD_LENGTH = 8;
/** One core is left to the event loop: argon2 is CPU-bound, and two hashes on two cores starve every request. */
export const HASHING_CONCURRENCY = Math.max(1, Math.min(2, os.availableParallelism() - 1));
export const HASHING_QUEUE = 100;

const hashing = new BoundedQueue(HASHING_CONCURRENCY, HASHING_QUEUE);

const bounded = <T>(task: () => Promise<T>) => hashing.run(task);

export function hashPassword(password: string): Promise<string> {
  return bounded(() => argon2.hash(password, { type: argon2.argon2id }));
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
