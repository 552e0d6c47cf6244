/**
 * A database that lacks some (`pending.length < total`) or all of this version's migrations. In a
 * module of its own, so that the CLI's error reporting knows it without loading the database driver.
 */
export class SchemaBehindError extends Error {
  constructor(
    readonly pending: string[],
    readonly total: number,
  ) {
    super(`${pending.length} of ${total} migrations not applied, ${pending[0]} first`);
    this.name = 'SchemaBehindError';
  }
}
