import { expect } from 'chai';
import { ConfigError, loadConfig } from '../../lib/config.ts';

describe('PUBLIC_URL and log settings (unit)', () => {
  it('PUBLIC_URL defaults to http://HOST:PORT, so PORT=4300 links point at :4300', () => {
    expect(loadConfig({})).to.include({ publicUrl: 'http://127.0.0.1:3000', publicUrlSet: false });
    expect(loadConfig({ PORT: '4300' }).publicUrl).to.equal('http://127.0.0.1:4300');
    expect(loadConfig({ HOST: 'api.internal', PORT: '8080' }).publicUrl).to.equal('http://api.internal:8080');
    expect(loadConfig({ HOST: '::1', PORT: '4300' }).publicUrl).to.equal('http://[::1]:4300');
  });

  it('a wildcard HOST (0.0.0.0, ::) gives localhost, which a browser can open', () => {
    expect(loadConfig({ HOST: '0.0.0.0', PORT: '4300' }).publicUrl).to.equal('http://localhost:4300');
    expect(loadConfig({ HOST: '::', PORT: '4300' }).publicUrl).to.equal('http://localhost:4300');
  });

  it('an explicit PUBLIC_URL wins and is marked as set', () => {
    expect(loadConfig({ PORT: '4300', PUBLIC_URL: 'https://api.emploi.cm/' })).to.include({
      publicUrl: 'https://api.emploi.cm',
      publicUrlSet: true,
    });
  });

  it('LOG_LEVEL and LOG_FORMAT are checked; pretty is a format', () => {
    expect(loadConfig({})).to.include({ logLevel: 'info', logFormat: 'json' });
    expect(loadConfig({ LOG_LEVEL: 'WARN', LOG_FORMAT: 'pretty' })).to.include({
      logLevel: 'warn',
      logFormat: 'pretty',
    });
    expect(() => loadConfig({ LOG_LEVEL: 'verbose' })).to.throw(ConfigError, /LOG_LEVEL/);
    expect(() => loadConfig({ LOG_FORMAT: 'xml' })).to.throw(ConfigError, /LOG_FORMAT/);
  });
});
