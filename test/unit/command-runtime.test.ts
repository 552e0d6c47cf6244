import { expect } from 'chai';
import { runtimeOptions } from '../../cli/command-runtime.ts';
import { loadConfig } from '../../lib/config.ts';

describe('CLI runtime options (unit)', () => {
  const config = loadConfig({ JWT_SECRET: 'x'.repeat(32) });
  const flags = { pretty: false, json: false, terminal: true };

  it('start in a terminal logs readable lines, unless LOG_FORMAT or a pipe says otherwise', () => {
    expect(runtimeOptions('start', config, {}, flags).logFormat).to.equal('pretty');
    expect(runtimeOptions('start', config, { LOG_FORMAT: 'json' }, flags).logFormat).to.equal('json');
    expect(runtimeOptions('start', config, {}, { ...flags, terminal: false }).logFormat).to.equal('json');
  });

  it('services log JSON in a terminal too, and --pretty asks for readable lines anywhere', () => {
    expect(runtimeOptions('serve', config, {}, flags)).to.deep.equal({ fd: 1, logFormat: 'json' });
    expect(runtimeOptions('worker', config, {}, { ...flags, pretty: true }).logFormat).to.equal('pretty');
    expect(runtimeOptions('offres list', config, {}, flags)).to.deep.include({ fd: 2, logLevel: 'error' });
  });
});
