/**
 * Talent pools: how an email or a phone cell pasted from a spreadsheet is read, which files can be
 * imported, and how many members one invitation request may name.
 */
import { expect } from 'chai';
import { normalizePoolEmail, MAX_EMAIL_LENGTH } from '../../domain/viviers/pool-email.ts';
import { readPhoneCell } from '../../domain/viviers/pool-phone.ts';
import { sniffImportFormat } from '../../domain/viviers/import-file-format.ts';
import { ImportFormatError } from '../../domain/viviers/csv-format.ts';
import {
  MAX_PER_REQUEST,
  MAX_PER_ENTREPRISE_PER_DAY,
  RESEND_AFTER_DAYS,
  DECLINE_BLOCK_DAYS,
  checkRequestSize,
} from '../../domain/viviers/pool-invitation-rules.ts';
import { QuotaExceededError } from '../../domain/errors.ts';

const codes = (r: { warnings: { code: string }[] }) => r.warnings.map((w) => w.code);

describe('A pool member’s email (unit)', () => {
  it('surrounding spaces and capitals are not changes worth telling', () => {
    expect(normalizePoolEmail('  Aline.Mbarga@Example.CM ')).to.deep.equal({
      email: 'aline.mbarga@example.cm',
      warnings: [],
    });
  });

  it('a name with the address in angle brackets, and mailto:, are removed, and said so', () => {
    const r = normalizePoolEmail('Aline Mbarga <mailto:aline@example.cm>');
    expect(r).to.have.property('email', 'aline@example.cm');
    expect(codes(r as { warnings: { code: string }[] })).to.deep.equal([
      'EMAIL_BRACKETS_REMOVED',
      'EMAIL_MAILTO_REMOVED',
    ]);
  });

  it('invisible characters and one trailing dot are removed, and said so', () => {
    const r = normalizePoolEmail('\u200baline@example.cm.');
    expect(r).to.have.property('email', 'aline@example.cm');
    expect(codes(r as { warnings: { code: string }[] })).to.deep.equal([
      'EMAIL_INVISIBLE_REMOVED',
      'EMAIL_TRAILING_DOT_REMOVED',
    ]);
  });

  it('a domain with accents is written in ASCII (punycode), and said so', () => {
    const r = normalizePoolEmail('contact@société.cm');
    expect(r).to.have.property('email', 'contact@xn--socit-esab.cm');
    expect(codes(r as { warnings: { code: string }[] })).to.deep.equal(['EMAIL_DOMAIN_PUNYCODE']);
  });

  it('what is not an address, or longer than 254 characters, is an error quoting the cell', () => {
    expect(normalizePoolEmail('aline at example.cm')).to.deep.equal({
      error: 'invalid email "aline at example.cm"',
    });
    expect(normalizePoolEmail('a@b@c.cm')).to.have.property('error');
    expect(MAX_EMAIL_LENGTH).to.equal(254);
    const label = 'b'.repeat(60);
    const long = `${'a'.repeat(64)}@${label}.${label}.${label}.${label}.cm`;
    expect(long).to.have.length(311);
    expect(normalizePoolEmail(long)).to.have.property('error');
  });
});

describe('A pool member’s phone cell (unit)', () => {
  it('one Cameroonian number, however written, in E.164', () => {
    expect(readPhoneCell(' 699 11 22 33 ')).to.deep.equal({
      telephone: '+237699112233',
      others: [],
      warnings: [],
    });
  });

  it('two numbers in one cell: the first is the phone, the others go to the notes', () => {
    for (const cell of ['699 11 22 33 / 677 44 55 66', '699112233 ou 677445566', '699112233; 677445566']) {
      const r = readPhoneCell(cell);
      expect([r.telephone, r.others, codes(r)], cell).to.deep.equal([
        '+237699112233',
        ['+237677445566'],
        ['PHONE_SECOND_NUMBER_IN_NOTES'],
      ]);
    }
  });

  it('a number Excel turned into scientific notation lost its digits: left out, with a warning', () => {
    const r = readPhoneCell('6.99112233E+08');
    expect([r.telephone, codes(r)]).to.deep.equal([null, ['PHONE_EXCEL_NUMBER']]);
  });

  it('anything else is left out with a warning; the person is kept', () => {
    const r = readPhoneCell('pas de téléphone');
    expect([r.telephone, codes(r)]).to.deep.equal([null, ['PHONE_INVALID']]);
  });
});

describe('Files a pool import accepts (unit)', () => {
  const zip = (part: string) =>
    Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.from(`....${part}....`)]);

  it('an Excel workbook (.xlsx), an OpenDocument sheet (.ods) and any text (CSV) are accepted', () => {
    expect(sniffImportFormat(zip('xl/workbook.xml'))).to.equal('xlsx');
    expect(sniffImportFormat(zip('mimetypeapplication/vnd.oasis.opendocument.spreadsheet'))).to.equal('ods');
    expect(sniffImportFormat(Buffer.from('email;nom\na@b.cm;A\n'))).to.equal('csv');
  });

  it('a legacy .xls, a Word document or another zip are refused, saying what to do', () => {
    const ole2 = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0]);
    expect(() => sniffImportFormat(ole2)).to.throw(ImportFormatError, 'legacy Excel 97-2003');
    expect(() => sniffImportFormat(zip('word/document.xml'))).to.throw(ImportFormatError, 'Word document');
    expect(() => sniffImportFormat(zip('photos/1.jpg'))).to.throw(ImportFormatError, 'zip archive');
  });
});

describe('Pool invitation limits (unit)', () => {
  it('500 members per request, 2000 emails per company per day; no resend within 7 days; 180 days after a refusal', () => {
    expect([
      MAX_PER_REQUEST,
      MAX_PER_ENTREPRISE_PER_DAY,
      RESEND_AFTER_DAYS,
      DECLINE_BLOCK_DAYS,
    ]).to.deep.equal([500, 2000, 7, 180]);
  });

  it('a request naming 500 members passes; 501 is refused, saying the limit', () => {
    expect(() => checkRequestSize(500)).not.to.throw();
    expect(() => checkRequestSize(501))
      .to.throw(QuotaExceededError, 'At most 500 invitations per request')
      .with.property('details', 'requested: 501');
  });
});
