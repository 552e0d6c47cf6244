import { expect } from 'chai';
import { runBinary } from '../helpers/cli.ts';

describe('CLI: --json errors', function () {
  this.timeout(60000);

  it('a usage error under --json is a JSON object with code USAGE_ERROR on stderr, exit 2', async () => {
    const r = await runBinary(['db', 'reset', '--json']);
    expect(r.code).to.equal(2);
    const parsed = JSON.parse(r.stderr.trim()) as { error: { code: string; message: string } };
    expect(parsed.error.code).to.equal('USAGE_ERROR');
    expect(parsed.error.message).to.contain('--yes');
  });
});
