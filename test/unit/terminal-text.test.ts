import { expect } from 'chai';
import { terminalText } from '../../cli/ui/terminal-text.ts';

describe('CLI terminal text (unit)', () => {
  const hostile = 'Claire\u001b]0;pwned\u0007 Ndongo\u001b[2J\u009b31m\r\u0000';

  it('strips every control character but newline and tab', () => {
    expect(terminalText(`${hostile}\n\tfin`, false)).to.equal('Claire]0;pwned Ndongo[2J31m\n\tfin');
  });

  it('keeps only colour sequences when the CLI colours its own output', () => {
    const out = terminalText(`\u001b[32m${hostile}\u001b[39m`, true);
    expect(out).to.equal('\u001b[32mClaire]0;pwned Ndongo[2J31m\u001b[39m');
  });
});
