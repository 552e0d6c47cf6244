import { expect } from 'chai';
import { ConfigError, loadConfig } from '../../lib/config.ts';

describe('PASSWORD_HASH_MEMORY_KIB and PASSWORD_HASH_TIME_COST (unit)', () => {
  it("default to argon2's own cost: 64 MiB, 3 passes", () => {
    expect(loadConfig({}).passwordHashCost).to.deep.equal({ memoryKib: 65_536, timeCost: 3 });
  });

  it("take any cost from OWASP's least (19 MiB, 2 passes) up", () => {
    const env = { NODE_ENV: 'production', PASSWORD_HASH_MEMORY_KIB: '19456', PASSWORD_HASH_TIME_COST: '2' };
    expect(loadConfig(env).passwordHashCost).to.deep.equal({ memoryKib: 19_456, timeCost: 2 });
    expect(loadConfig({ PASSWORD_HASH_MEMORY_KIB: '262144' }).passwordHashCost.memoryKib).to.equal(262_144);
  });

  it('refuse a weaker cost, whatever NODE_ENV says but test, naming the variable', () => {
    for (const NODE_ENV of ['production', 'development', 'staging']) {
      expect(() => loadConfig({ NODE_ENV, PASSWORD_HASH_MEMORY_KIB: '1024' })).to.throw(
        ConfigError,
        /^PASSWORD_HASH_MEMORY_KIB must be an integer from 19456 to 4194304 \(got "1024"\)$/,
      );
      expect(() => loadConfig({ NODE_ENV, PASSWORD_HASH_TIME_COST: '1' })).to.throw(
        ConfigError,
        /^PASSWORD_HASH_TIME_COST must be an integer from 2 to 100/,
      );
    }
  });

  it("let the test suite hash at argon2's least cost (1 MiB, 1 pass)", () => {
    const env = { NODE_ENV: 'test', PASSWORD_HASH_MEMORY_KIB: '1024', PASSWORD_HASH_TIME_COST: '1' };
    expect(loadConfig(env).passwordHashCost).to.deep.equal({ memoryKib: 1024, timeCost: 1 });
    expect(() => loadConfig({ NODE_ENV: 'test', PASSWORD_HASH_MEMORY_KIB: '512' })).to.throw(ConfigError);
  });

  it('refuse what is not a whole number', () => {
    for (const raw of ['64MiB', '1.5', '-3', '1e9'])
      expect(() => loadConfig({ PASSWORD_HASH_MEMORY_KIB: raw }), raw).to.throw(
        ConfigError,
        /PASSWORD_HASH_MEMORY_KIB/,
      );
  });
});
