import { expect } from 'chai';
import { PassThrough } from 'node:stream';
import { columnChart, sparkline } from '../../cli/ui/chart.ts';
import { createProgress } from '../../cli/ui/progress.ts';
import { createOutput } from '../../cli/ui/output.ts';
import type { CommandEnv } from '../../cli/command-env.ts';

function envWith(stderr: NodeJS.WritableStream, json = false): CommandEnv {
  return {
    output: createOutput({ json, stdout: new PassThrough(), stderr }),
    stderr,
    stdin: new PassThrough(),
    yes: false,
    runtime: () => {
      throw new Error('not needed');
    },
    ctx: () => {
      throw new Error('not needed');
    },
  };
}

function captured(stream: PassThrough): string {
  return (stream.read() as Buffer | null)?.toString() ?? '';
}

describe('CLI ui: terminal charts and progress', () => {
  it('sparkline: one character per value, 0 lowest, the maximum full', () => {
    expect(sparkline([0, 1, 4, 8])).to.equal('▁▂▄█');
    expect(sparkline([0, 0])).to.equal('▁▁');
    expect(sparkline([])).to.equal('');
  });

  it('columnChart: rows from the top, eighth blocks, the axis labelled with max and 0, first and last labels', () => {
    const lines = columnChart([0, 1, 2, 4], { title: 'T', height: 2, firstLabel: 'a', lastLabel: 'b' });
    expect(lines).to.deep.equal(['T', '4 ┤   █', '  ┤ ▄██', '0 └────', '   a  b']);
    expect(columnChart([0, 0, 0], { title: 'Empty', height: 4 })).to.deep.equal(['Empty', '0 └───']);
  });

  it('progress without a terminal prints plain lines at most every 10 % and the final count', () => {
    const stderr = new PassThrough();
    const progress = createProgress(envWith(stderr), 'Import');
    for (let done = 0; done <= 1000; done += 10) progress.update(done, 1000);
    progress.stop();
    const lines = captured(stderr).trim().split('\n');
    expect(lines[0]).to.equal('Import: 0/1000 rows (0%)');
    expect(lines).to.include('Import: 500/1000 rows (50%)');
    expect(lines[lines.length - 1]).to.equal('Import: 1000/1000 rows (100%)');
    expect(lines.length).to.equal(11);
  });

  it('progress on a terminal draws a cli-progress bar; under --json it is silent', () => {
    const tty = Object.assign(new PassThrough(), {
      isTTY: true,
      columns: 100,
      cursorTo: () => true,
      clearLine: () => true,
      moveCursor: () => true,
    });
    const progress = createProgress(envWith(tty), 'Import');
    progress.update(0, 4);
    progress.update(4, 4);
    progress.stop();
    expect(captured(tty)).to.contain('4/4 rows');

    const quiet = new PassThrough();
    const silent = createProgress(envWith(quiet, true), 'Import');
    silent.update(1, 2);
    silent.stop();
    expect(captured(quiet)).to.equal('');
  });
});
