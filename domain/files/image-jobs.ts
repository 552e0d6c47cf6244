/**
 * Decoding and encoding images is the heaviest CPU work of the API. It runs on libuv's thread
 * pool (4 threads, shared with file reads, compression and argon2), so at most IMAGE_CONCURRENCY
 * images are processed at a time per process (one core is left to the event loop), at most
 * IMAGE_QUEUE wait their turn, and beyond that QueueFullError: the API answers 503 with
 * Retry-After. Four large uploads at once thus slow no listing down, and a flood of them grows no
 * queue. Waiting uploads stay on disk: their bytes are read when their turn comes.
 */
import os from 'node:os';
import { BoundedQueue } from '../../lib/bounded-queue.ts';

export const IMAGE_CONCURRENCY = Math.max(1, Math.min(2, os.availableParallelism() - 1));
export const IMAGE_QUEUE = 8;

export const imageJobs = new BoundedQueue(IMAGE_CONCURRENCY, IMAGE_QUEUE);
