/**
 * Parsers for commander arguments and options: a bad value is commander's InvalidArgumentError,
 * which the program maps to exit code 2 (bad usage) with the help hint, before anything runs.
 */
import { InvalidArgumentError } from 'commander';

export function positiveInt(value: string): number {
  const n = Number(value);
  if (!/^\d+$/.test(value.trim()) || !Number.isSafeInteger(n) || n < 1)
    throw new InvalidArgumentError('expected a positive integer');
  return n;
}

export function nonNegativeInt(value: string): number {
  const n = Number(value);
  if (!/^\d+$/.test(value.trim()) || !Number.isSafeInteger(n))
    throw new InvalidArgumentError('expected an integer >= 0');
  return n;
}

/** For variadic id arguments (`replay <id...>`): commander passes each value and the list so far. */
export function collectPositiveInts(value: string, previous: number[] | undefined): number[] {
  return [...(previous ?? []), positiveInt(value)];
}

export function oneOf<T extends string>(allowed: readonly T[]): (value: string) => T {
  return (value) => {
    const v = value.trim().toUpperCase();
    const found = allowed.find((a) => a === v);
    if (!found) throw new InvalidArgumentError(`expected one of ${allowed.join(', ')}`);
    return found;
  };
}

export function nonBlank(value: string): string {
  if (!value.trim()) throw new InvalidArgumentError('must not be blank');
  return value;
}
