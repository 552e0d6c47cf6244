import { expect } from 'chai';
import { parse } from 'csv-parse/sync';
import { csvLine, neutralizeCsvCell } from '../../lib/csv-cell.ts';

describe('CSV cells the project writes (unit)', () => {
  it('neutralises cells that a spreadsheet would run as formulas', () => {
    for (const cell of ['=HYPERLINK("http://x","clic")', '+33 6', '-2+3', '@SUM(A1)', '\t=1', '\r=1'])
      expect(neutralizeCsvCell(cell), JSON.stringify(cell)).to.equal(`'${cell}`);
    for (const cell of ['Aline', 'a=b', '699 99 99 99', '']) expect(neutralizeCsvCell(cell)).to.equal(cell);
    expect(neutralizeCsvCell(null)).to.equal('');
    expect(neutralizeCsvCell(-3)).to.equal("'-3");
  });

  it('writes lines a strict CSV parser reads back cell for cell', () => {
    const cells = ['=HYPERLINK("http://evil","x")', 'Nom, Prénom', 'ligne\nsuivante', 'sans souci'];
    const [row] = parse(csvLine(cells), { relax_quotes: false }) as string[][];
    expect(row).to.deep.equal([`'${cells[0]}`, cells[1], cells[2], cells[3]]);
  });
});
