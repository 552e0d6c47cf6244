/** Retrying statements that lost a row-lock race (deadlock, lock wait timeout). */
import { isLockConflictError } from '../../lib/db-errors.ts';

export async function withLockRetry<T>(operation: () => Promise<T>, attempts = 5): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await operation();
    } catch (error) {
      if (attempt >= attempts || !isLockConflictError(error)) {
        throw error;
      }
      // jitter so that two workers that deadlocked do not collide again
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 20 * attempt));
    }
  }
}
