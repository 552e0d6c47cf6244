/** Debounced unique jobs: the same rules as the Mongo backend. */
import type { JobParameters, UniqueOpts } from 'agenda';

/** A new debounced job: trailing waits `delay`, leading runs at its own nextRunAt. */
export function applyDebounceToNewJob<DATA>(
  job: JobParameters<DATA>,
  uniqueOpts: UniqueOpts | undefined,
  now: Date,
): JobParameters<DATA> {
  const debounce = uniqueOpts?.debounce;
  if (!debounce) {
    return job;
  }
  if (debounce.strategy === 'leading') {
    return { ...job, debounceStartedAt: now };
  }
  return { ...job, nextRunAt: new Date(now.getTime() + debounce.delay), debounceStartedAt: now };
}

/**
 * A save hitting an existing debounced job. Leading keeps the existing
 * nextRunAt; trailing pushes it to now + delay, unless maxWait has elapsed
 * since the debounce window opened, in which case it runs now and the window
 * resets. Without debounce the new values simply replace the old ones.
 */
export function applyDebounceToExistingJob<DATA>(
  job: JobParameters<DATA>,
  existing: JobParameters,
  uniqueOpts: UniqueOpts | undefined,
  now: Date,
): JobParameters<DATA> {
  const debounce = uniqueOpts?.debounce;
  if (!debounce) {
    return job;
  }
  const startedAt = existing.debounceStartedAt ?? now;
  if (debounce.strategy === 'leading') {
    return { ...job, nextRunAt: existing.nextRunAt, debounceStartedAt: startedAt };
  }
  if (debounce.maxWait && now.getTime() - startedAt.getTime() >= debounce.maxWait) {
    return { ...job, nextRunAt: now, debounceStartedAt: undefined };
  }
  return { ...job, nextRunAt: new Date(now.getTime() + debounce.delay), debounceStartedAt: startedAt };
}
