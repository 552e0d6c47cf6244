import { expect } from 'chai';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { runBinary } from '../helpers/cli.ts';

describe('CLI: shell completion', function () {
  this.timeout(60000);
  let dir: string;
  let bashFile: string;

  /** What the generated bash function offers for the words typed so far (the last one is being completed). */
  function complete(words: string[]): string[] {
    const script = [
      'set -e',
      `source ${JSON.stringify(bashFile)}`,
      `COMP_WORDS=(${words.map((w) => `'${w}'`).join(' ')})`,
      `COMP_CWORD=${words.length - 1}`,
      '_recrutement_completion',
      'printf "%s\\n" "${COMPREPLY[@]}"',
    ].join('\n');
    const out = execFileSync('bash', ['--norc', '--noprofile', '-c', script], { encoding: 'utf8' });
    return out.split('\n').filter(Boolean);
  }

  before(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'completion-'));
    const r = await runBinary(['completion', 'bash']);
    expect(r.code, r.stderr).to.equal(0);
    bashFile = path.join(dir, 'recrutement.bash');
    fs.writeFileSync(bashFile, r.stdout);
  });

  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('bash: `recrutement rec<TAB>` offers recruiters and recommendations', () => {
    expect(complete(['recrutement', 'rec'])).to.deep.equal(['recruiters', 'recommendations']);
  });

  it('bash: subcommands after a command, options of the subcommand after it, global options anywhere', () => {
    expect(complete(['recrutement', 'sectors', ''])).to.include.members(['list', 'add', 'update', 'delete']);
    expect(complete(['recrutement', '--json', 'sectors', 'add', '--'])).to.include.members([
      '--nom',
      '--description',
      '--json',
      '--help',
    ]);
    // An option's value is not taken for a command.
    expect(complete(['recrutement', 'sectors', 'add', '--nom', 'db', '--d'])).to.deep.equal([
      '--description',
    ]);
    expect(complete(['recrutement', 'completion', ''])).to.include.members(['bash', 'zsh', 'fish']);
  });

  it('zsh loads the bash function through bashcompinit; fish gets one `complete` line per word', async () => {
    const zsh = await runBinary(['completion', 'zsh']);
    expect(zsh.code).to.equal(0);
    expect(zsh.stdout).to.match(/^#compdef recrutement\n/);
    expect(zsh.stdout).to.contain('bashcompinit');
    expect(zsh.stdout).to.contain('complete -F _recrutement_completion recrutement');
    const fish = await runBinary(['completion', 'fish']);
    expect(fish.code).to.equal(0);
    const lines = fish.stdout.trim().split('\n').slice(1);
    for (const line of lines) expect(line).to.match(/^complete -c recrutement -f -n '/);
    expect(fish.stdout).to.contain("complete -c recrutement -f -n '__fish_use_subcommand' -a recruiters");
  });

  it('an unknown shell is a usage error (exit 2)', async () => {
    const r = await runBinary(['completion', 'ksh', '--json']);
    expect(r.code).to.equal(2);
    expect((JSON.parse(r.stderr) as { error: { code: string } }).error.code).to.equal('USAGE_ERROR');
  });
});
