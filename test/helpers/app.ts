/**
 * The API in-process (supertest on createApp, no port) and a domain context for direct calls. Every
 * answer is checked against the OpenAPI document (see answer-mismatches.ts).
 */
import supertest from 'supertest';
import { createApp, type BuiltApp } from '../../api/app.ts';
import { createContext, type Ctx, type Actor } from '../../domain/context.ts';
import { testDeps } from './env.ts';
import type { AppDeps } from '../../api/deps.ts';
import { recordAnswerMismatch } from './answer-mismatches.ts';

export function buildApp(overrides: Parameters<typeof testDeps>[0] = {}): BuiltApp & { deps: AppDeps } {
  const deps = testDeps(overrides);
  return { ...createApp(deps, { onAnswerMismatch: recordAnswerMismatch }), deps };
}

export function agent(overrides: Parameters<typeof testDeps>[0] = {}) {
  return supertest(buildApp(overrides).app.callback());
}

export function domainCtx(
  actor: Actor = { type: 'system', id: 'test' },
  overrides: Parameters<typeof testDeps>[0] = {},
): Ctx {
  return createContext(testDeps(overrides), actor);
}
