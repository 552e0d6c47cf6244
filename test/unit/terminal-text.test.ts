import { PassThrough } from 'node:stream';
import { expect } from 'chai';
import { terminalText } from '../../cli/ui/terminal-text.ts';
import { createOutput } from '../../cli/ui/output.ts';

describe('CLI terminal text (unit)', () => {
  it('removes whole escape sequences, not just the ESC byte', () => {
    const cases: [string, string][] = [
      ['Claire\u001b[31m Ndongo\u001b[0m', 'Claire Ndongo'],
      ['a\u001b[38;2;255;0;0mb', 'ab'],
      ['a\u001b[2Jb\u001b[1;1Hc\u001b[?25ld', 'abcd'],
      ['a\u009b31mb', 'ab'],
      ['titre\u001b]0;pwned\u0007 fin', 'titre fin'],
      ['lien \u001b]8;;https://evil.example\u001b\\ici\u001b]8;;\u001b\\', 'lien ici'],
      ['a\u001bPdcs\u001b\\b', 'ab'],
      ['reset\u001bc fin', 'reset fin'],
      ['charset\u001b(B fin', 'charset fin'],
    ];
    for (const [input, expected] of cases)
      expect(terminalText(input), JSON.stringify(input)).to.equal(expected);
  });

  it('keeps the text of an unterminated string sequence visible, without its introducer', () => {
    expect(terminalText('Claire\u001b]0;pwned')).to.equal('Claire0;pwned');
  });

  it('removes every other control character but newline and tab', () => {
    expect(terminalText('a\u0007b\rc\u0000d\u007fe\u0085f\n\tg')).to.equal('abcdef\n\tg');
  });

  it('removes bidi overrides, embeddings, isolates and marks', () => {
    const bidi = ['\u202a', '\u202b', '\u202c', '\u202d', '\u202e', '\u2066', '\u2067', '\u2068', '\u2069'];
    for (const c of [...bidi, '\u200e', '\u200f', '\u061c'])
      expect(terminalText(`avant${c}après`), c.codePointAt(0)!.toString(16)).to.equal('avantaprès');
    expect(terminalText('Fichier\u202efdp.exe')).to.equal('Fichierfdp.exe');
  });

  it('leaves ordinary text alone: accents, emoji, Arabic and Chinese', () => {
    const text = 'Élodie Mbarga — ☕ محمد 李雷 «ok»';
    expect(terminalText(text)).to.equal(text);
  });

  it("an output on a colour terminal keeps the CLI's own colours and none from data", () => {
    const stdout = Object.assign(new PassThrough(), { isTTY: true });
    let written = '';
    stdout.on('data', (d: Buffer) => (written += d.toString()));
    const noColor = process.env.NO_COLOR;
    delete process.env.NO_COLOR;
    const output = createOutput({ json: false, stdout, stderr: new PassThrough() });
    if (noColor !== undefined) process.env.NO_COLOR = noColor;
    expect(output.color.level).to.equal(1);
    const data = 'Claire\u001b[31m\u202e';
    output.out(output.color.green(`Approved ${data}`));
    output.out(`plain ${data}`);
    output.table(['name'], [[data]]);
    expect(written).to.not.contain('\u001b[31m').and.not.contain('\u202e');
    expect(written).to.contain('Approved Claire').and.contain('plain Claire');
    expect(written).to.contain('\u001b[32mApproved Claire\u001b[39m');
  });
});
