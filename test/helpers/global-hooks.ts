/**
 * Mocha root hooks: one database for the whole run, created first and dropped last; after each test,
 * the answers it received must have matched their documented schemas.
 */
import { startTestEnv, stopTestEnv } from './env.ts';
import { assertAnswersMatchedSchemas } from './answer-mismatches.ts';

export const mochaHooks = {
  async beforeAll(this: Mocha.Context) {
    this.timeout(120000);
    await startTestEnv();
  },
  afterEach() {
    assertAnswersMatchedSchemas();
  },
  async afterAll(this: Mocha.Context) {
    this.timeout(60000);
    await stopTestEnv();
    // Answers received in the last `after` hooks.
    assertAnswersMatchedSchemas();
  },
};
