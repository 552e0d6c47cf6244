/** Mocha root hooks: one database for the whole run, created first and dropped last. */
import { startTestEnv, stopTestEnv } from './env.ts';

export const mochaHooks = {
  async beforeAll(this: Mocha.Context) {
    this.timeout(120000);
    await startTestEnv();
  },
  async afterAll(this: Mocha.Context) {
    this.timeout(60000);
    await stopTestEnv();
  },
};
