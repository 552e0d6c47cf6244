/** MySQL errors the admin and blog use cases turn into 409s or retries instead of 500s. */

/** ER_ROW_IS_REFERENCED(_2): a foreign key still points at the row being deleted. */
export function isRowReferencedError(err: unknown): boolean {
  const e = err as { code?: string; errno?: number } | null;
  return Boolean(
    e &&
    (e.code === 'ER_ROW_IS_REFERENCED_2' ||
      e.code === 'ER_ROW_IS_REFERENCED' ||
      e.errno === 1451 ||
      e.errno === 1217),
  );
}

/** ER_LOCK_DEADLOCK: InnoDB rolled the transaction back; running it again is safe. */
export function isDeadlockError(err: unknown): boolean {
  const e = err as { code?: string; errno?: number } | null;
  return Boolean(e && (e.code === 'ER_LOCK_DEADLOCK' || e.errno === 1213));
}
