/**
 * Answers of the in-process API that do not match the OpenAPI document (createApp's
 * `onAnswerMismatch`, installed by buildApp). The root hooks fail the test during which one was
 * seen (its hooks included), naming the route, the status and where the body differs.
 */
import type { AnswerMismatch } from '../../api/http/answer-check.ts';

let seen: AnswerMismatch[] = [];

export function recordAnswerMismatch(mismatch: AnswerMismatch): void {
  seen.push(mismatch);
}

/** Throws when answers did not match their documented schemas since the last call. */
export function assertAnswersMatchedSchemas(): void {
  const found = seen;
  seen = [];
  if (!found.length) return;
  const lines = found.map((m) => `  ${m.route} -> ${m.status}: ${m.problem}`);
  throw new Error(
    `${found.length} answer(s) do not match the documented schema (OpenAPI document):\n${lines.join('\n')}`,
  );
}
