let counter = 0;

/** A value no other test uses: emails, names, slugs. */
export function unique(prefix = 'x'): string {
  counter += 1;
  return `${prefix}${process.pid.toString(36)}${Date.now().toString(36)}${counter}`;
}

export function uniqueEmail(prefix = 'user'): string {
  return `${unique(prefix)}@example.cm`.toLowerCase();
}
