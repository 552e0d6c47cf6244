/**
 * The API in-process (supertest on createApp, no port) and a domain context for direct calls. Every
 * answer is checked against the OpenAPI document (see answer-mismatches.ts).
 */
import supertest from 'supertest';
import { createApp, type BuiltApp } from '../../api/app.ts';
import { createContext, type Ctx, type Actor } from '../../domain/context.ts';
import { testDeps, testEnv } from './env.ts';
import type { AppDeps } from '../../api/deps.ts';
import { recordAnswerMismatch } from './answer-mismatches.ts';

export function buildApp(overrides: Parameters<typeof testDeps>[0] = {}): BuiltApp & { deps: AppDeps } {
  const deps = testDeps(overrides);
  return { ...createApp(deps, { onAnswerMismatch: recordAnswerMismatch }), deps };
}

let shared: { env: object; callback: ReturnType<BuiltApp['app']['callback']> } | null = null;

/**
 * Supertest on the API. Without overrides, on one app per test run: building one (215 routes,
 * their validators, the OpenAPI document and the answer checker) takes a few hundred ms, and the
 * suite asks for thousands. Sharing it hides nothing a fresh one would show: the tests' caches read
 * through (SEARCH_SYNC_ON_READ and CACHE_SYNC_ON_READ are on, rate limiting off), so each
 * request sees the database as it is.
 */
export function agent(overrides: Parameters<typeof testDeps>[0] = {}) {
  if (Object.keys(overrides).length > 0) return supertest(buildApp(overrides).app.callback());
  const env = testEnv();
  if (shared?.env !== env) shared = { env, callback: buildApp().app.callback() };
  return supertest(shared.callback);
}

export function domainCtx(
  actor: Actor = { type: 'system', id: 'test' },
  overrides: Parameters<typeof testDeps>[0] = {},
): Ctx {
  return createContext(testDeps(overrides), actor);
}
