/** Retrying statements that lost a row-lock race (deadlock, lock wait timeout). */

function errorNumber(error: unknown): number | undefined {
  if (typeof error === 'object' && error !== null && 'errno' in error && typeof error.errno === 'number') {
    return error.errno;
  }
  return undefined;
}

/** ER_LOCK_DEADLOCK / ER_LOCK_WAIT_TIMEOUT: the statement can simply be retried. */
function isRetryableLockError(error: unknown): boolean {
  const errno = errorNumber(error);
  return errno === 1213 || errno === 1205;
}

export async function withLockRetry<T>(operation: () => Promise<T>, attempts = 5): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await operation();
    } catch (error) {
      if (attempt >= attempts || !isRetryableLockError(error)) {
        throw error;
      }
      // jitter so that two workers that deadlocked do not collide again
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 20 * attempt));
    }
  }
}
