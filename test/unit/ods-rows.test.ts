import { expect } from 'chai';
import { strToU8, zipSync } from 'fflate';
import { ImportFormatError } from '../../domain/viviers/csv-format.ts';
import { odsDate, openOdsRows } from '../../domain/viviers/ods-rows.ts';
import type { SourceRow } from '../../domain/viviers/row-types.ts';

const NS =
  'xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" ' +
  'xmlns:style="urn:oasis:names:tc:opendocument:xmlns:style:1.0" ' +
  'xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" ' +
  'xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" ' +
  'xmlns:calcext="urn:org:documentfoundation:names:experimental:calc:xmlns:calcext:1.0"';

const cell = (inner: string, attrs = 'office:value-type="string"') =>
  `<table:table-cell ${attrs}>${inner}</table:table-cell>`;
const text = (t: string) => cell(`<text:p>${t}</text:p>`);
const row = (cells: string, attrs = '') => `<table:table-row ${attrs}>${cells}</table:table-row>`;

/** An .ods as Calc lays it out: the uncompressed mimetype first, then content.xml. */
function ods(tables: string, styles = ''): Buffer {
  const content =
    `<?xml version="1.0" encoding="UTF-8"?><office:document-content ${NS}>` +
    `<office:automatic-styles>${styles}</office:automatic-styles>` +
    `<office:body><office:spreadsheet>${tables}</office:spreadsheet></office:body></office:document-content>`;
  return Buffer.from(
    zipSync({
      mimetype: [strToU8('application/vnd.oasis.opendocument.spreadsheet'), { level: 0 }],
      'content.xml': strToU8(content),
    }),
  );
}

/** The file in chunks of `size` bytes, so characters and tags are cut between chunks. */
const inChunks = (file: Buffer, size: number) =>
  async function* () {
    for (let i = 0; i < file.length; i += size) yield file.subarray(i, i + size);
  };

async function read(file: Buffer, sheet: string | null = null, chunk = 7) {
  const source = await openOdsRows(inChunks(file, chunk), sheet);
  const rows: SourceRow[] = [];
  for await (const r of source.rows) rows.push(r);
  await source.close();
  return { source, rows };
}

const HIDDEN_STYLE =
  '<style:style style:name="ta9" style:family="table"><style:table-properties table:display="false"/></style:style>';

describe('OpenDocument spreadsheet rows (unit)', () => {
  it('reads the first visible sheet by default, or the one asked for, and lists them all', async () => {
    const file = ods(
      `<table:table table:name="Notice" table:style-name="ta9">${row(text('Lisez-moi'))}</table:table>` +
        `<table:table table:name="Candidats">${row(text('email') + text('nom'))}${row(text('a@b.cm') + text('Ébène'))}</table:table>` +
        `<table:table table:name="Archives">${row(text('email'))}${row(text('x@y.cm'))}</table:table>`,
      HIDDEN_STYLE,
    );
    const { source, rows } = await read(file);
    expect(source).to.deep.include({ format: 'ods', sheet: 'Candidats', header: ['email', 'nom'] });
    expect(source.sheetNames).to.deep.equal(['Notice', 'Candidats', 'Archives']);
    expect(rows).to.deep.equal([{ line: 2, endLine: 2, cells: ['a@b.cm', 'Ébène'] }]);
    expect((await read(file, '3')).rows[0].cells).to.deep.equal(['x@y.cm']);
    expect((await read(file, 'notice')).source.header).to.deep.equal(['Lisez-moi']);
  });

  it('counts repeated rows and cells without building the blank padding', async () => {
    const file = ods(
      `<table:table table:name="F">` +
        row(text('email') + text('nom') + '<table:table-cell table:number-columns-repeated="16000"/>') +
        row(
          '<table:table-cell table:number-columns-repeated="16384"/>',
          'table:number-rows-repeated="1000000"',
        ) +
        row(text('a@b.cm') + '<table:table-cell table:number-columns-repeated="2"/>' + text('fin')) +
        row(text('same@b.cm'), 'table:number-rows-repeated="3"') +
        row('<table:table-cell/>', 'table:number-rows-repeated="48570"') +
        `</table:table>`,
    );
    const { source, rows } = await read(file, null, 4096);
    expect(source.header).to.deep.equal(['email', 'nom']);
    expect(rows.map((r) => [r.line, r.cells])).to.deep.equal([
      [1_000_002, ['a@b.cm', '', '', 'fin']],
      [1_000_003, ['same@b.cm']],
      [1_000_004, ['same@b.cm']],
      [1_000_005, ['same@b.cm']],
    ]);
  });

  it('reads numbers, dates, booleans and errors as the .xlsx reader does, and text as shown', async () => {
    const file = ods(
      `<table:table table:name="F">` +
        row(text('a') + text('b') + text('c') + text('d') + text('e') + text('f') + text('g')) +
        row(
          cell('<text:p>699112233</text:p>', 'office:value-type="float" office:value="699112233"') +
            cell('<text:p>15 %</text:p>', 'office:value-type="percentage" office:value="0.15"') +
            cell(
              '<text:p>20/03/2024</text:p>',
              'office:value-type="date" office:date-value="2024-03-20T08:30:00"',
            ) +
            cell('<text:p>VRAI</text:p>', 'office:value-type="boolean" office:boolean-value="true"') +
            cell(
              '<text:p>#DIV/0!</text:p>',
              'table:formula="of:=1/0" office:value-type="float" office:value="0" calcext:value-type="error"',
            ) +
            cell(
              '<office:annotation><text:p>un commentaire</text:p></office:annotation>' +
                '<text:p>Jean<text:s text:c="2"/>Paul<text:tab/>X</text:p><text:p>2<text:line-break/>3 &amp; 4</text:p>',
            ) +
            '<table:covered-table-cell/>' +
            text('g'),
        ) +
        `</table:table>`,
    );
    const { rows } = await read(file, null, 3);
    expect(rows[0].cells).to.deep.equal([
      699112233,
      0.15,
      '2024-03-20T08:30:00',
      'TRUE',
      '',
      'Jean  Paul\tX\n2\n3 & 4',
      '',
      'g',
    ]);
    expect(odsDate('2024-03-15T00:00:00')).to.equal('2024-03-15');
    expect(odsDate('2024-03-15')).to.equal('2024-03-15');
  });

  it('refuses a file whose content inflates past the bound, before reading it through', async () => {
    const rows = Array.from({ length: 2000 }, (_, i) => row(text(`personne${i}@example.cm`))).join('');
    const file = ods(`<table:table table:name="F">${row(text('email'))}${rows}</table:table>`);
    expect(file.length).to.be.below(20_000);
    let caught: unknown = null;
    try {
      await openOdsRows(inChunks(file, 4096), null, 50_000);
    } catch (err) {
      caught = err;
    }
    expect(caught).to.be.instanceOf(ImportFormatError);
    expect((caught as ImportFormatError).problem.code).to.equal('ODS_TOO_LARGE');
    expect((await openOdsRows(inChunks(file, 4096), null, 10_000_000)).header).to.deep.equal(['email']);
  });

  it('says what is wrong with a file it cannot read', async () => {
    const good = ods(`<table:table table:name="F">${row(text('email'))}</table:table>`);
    const failures: [Buffer, RegExp][] = [
      [good.subarray(0, 160), /^The .ods spreadsheet cannot be read \(invalid zip data\)/],
      [Buffer.from(zipSync({ 'styles.xml': strToU8('<x/>') })), /no content\.xml/],
      [
        Buffer.from(
          zipSync({ 'content.xml': strToU8('<office:document-content><oops></office:document-content>') }),
        ),
        /cannot be read/,
      ],
      [
        ods(`<table:table table:name="F">${row('<table:table-cell/>')}</table:table>`),
        /The sheet "F" is empty/,
      ],
      [ods(''), /The workbook has no sheet/],
    ];
    for (const [file, message] of failures) {
      let caught: unknown = null;
      try {
        await read(file);
      } catch (err) {
        caught = err;
      }
      expect(caught, String(message)).to.be.instanceOf(ImportFormatError);
      expect((caught as Error).message).to.match(message);
    }
  });
});
