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

  for (const [label, args, expected] of [
    ['a required option missing', ['sectors', 'add', '--json', '--bogus'], '--nom'],
    [
      'an unknown option',
      ['sectors', 'add', '--json', '--nom', 'Agro', '--bogus'],
      "unknown option '--bogus'",
    ],
    ['an option value missing', ['--json', 'sectors', 'add', '--nom'], 'argument missing'],
  ] as const) {
    it(`commander's own parse error (${label}) under --json is JSON on stderr, without help, exit 2`, async () => {
      const r = await runBinary([...args]);
      expect(r.code).to.equal(2);
      const lines = r.stderr.trim().split('\n');
      expect(lines).to.have.length(1);
      const parsed = JSON.parse(lines[0]!) as { error: { code: string; message: string } };
      expect(parsed.error.code).to.equal('USAGE_ERROR');
      expect(parsed.error.message).to.contain(expected);
      expect(r.stdout).to.equal('');
    });
  }

  it('without --json the same parse error stays plain text with the help, exit 2', async () => {
    const r = await runBinary(['sectors', 'add', '--nom', 'Agro', '--bogus']);
    expect(r.code).to.equal(2);
    expect(r.stderr).to.contain("unknown option '--bogus'");
    expect(r.stderr).to.contain('Usage:');
  });
});
