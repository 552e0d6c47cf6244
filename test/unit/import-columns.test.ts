/**
 * The talent-pool import's header table (domain/viviers/import-columns.ts) and the mapping built on
 * it (column-mapping.ts): French, English and Cameroonian headers, accents and case ignored, the
 * recruiter's choices over the proposal, full names split, numbers read back as phone digits.
 */
import { expect } from 'chai';
import { fieldOfHeader, headerKey } from '../../domain/viviers/import-columns.ts';
import {
  cellText,
  ignoredColumns,
  parseMapping,
  resolveMapping,
  rowReader,
  splitFullName,
} from '../../domain/viviers/column-mapping.ts';
import { ImportFormatError } from '../../domain/viviers/csv-format.ts';

const fieldsOf = (header: string[], mapping: string | null = null) =>
  resolveMapping(header, parseMapping(mapping)).map((c) => [c.header, c.field]);

function formatError(fn: () => unknown): ImportFormatError {
  try {
    fn();
  } catch (err) {
    if (err instanceof ImportFormatError) return err;
    throw err;
  }
  throw new Error('expected an ImportFormatError');
}

describe('Import column table and mapping', () => {
  it('reads English headers (the common ATS export)', () => {
    expect(fieldsOf(['First Name', 'Last Name', 'Email', 'Mobile Phone', 'Skills', 'Notes'])).to.deep.equal([
      ['First Name', 'prenom'],
      ['Last Name', 'nom'],
      ['Email', 'email'],
      ['Mobile Phone', 'telephone'],
      ['Skills', 'tags'],
      ['Notes', 'notes'],
    ]);
    for (const h of ['Email Address', 'E-mail', 'E-Mail Address', 'EMAIL'])
      expect(fieldOfHeader(h), h).to.equal('email');
  });

  it('reads the Cameroonian headers: "Noms et Prénoms", "Adresse e-mail", "Contact", "Domaine", "Observations"', () => {
    expect(
      fieldsOf(['Noms et Prénoms', 'Adresse e-mail', 'Contact', 'Domaine', 'Observations']),
    ).to.deep.equal([
      ['Noms et Prénoms', 'nomComplet'],
      ['Adresse e-mail', 'email'],
      ['Contact', 'telephone'],
      ['Domaine', 'tags'],
      ['Observations', 'notes'],
    ]);
  });

  it('ignores accents, case, spaces and punctuation; & reads as "et"', () => {
    expect(headerKey(' NOMS & PRÉNOMS ')).to.equal(headerKey('noms et prenoms'));
    for (const h of [
      'Téléphone',
      'TELEPHONE',
      'téléphone ',
      'Tél.',
      'N° de téléphone',
      'Numéro de téléphone',
    ])
      expect(fieldOfHeader(h), h).to.equal('telephone');
    expect(fieldOfHeader('Prénom')).to.equal('prenom');
    expect(fieldOfHeader('Courriel')).to.equal('email');
    expect(fieldOfHeader('Âge')).to.equal(null);
  });

  it('lists every column without a field as ignored, blank headers included', () => {
    const columns = resolveMapping(['E-mail', 'Âge', '', 'Ville'], null);
    expect(ignoredColumns(columns)).to.deep.equal([
      { position: 2, header: 'Âge' },
      { position: 3, header: '' },
      { position: 4, header: 'Ville' },
    ]);
  });

  it('the recruiter’s mapping wins over the proposal; columns it leaves out keep theirs; null ignores', () => {
    expect(
      fieldsOf(
        ['Email', 'Mobile Phone', 'Observations', 'Âge', 'Contact'],
        '{"Observations": "notes", "Âge": "notes", "Contact": null}',
      ),
    ).to.deep.equal([
      ['Email', 'email'],
      ['Mobile Phone', 'telephone'],
      ['Observations', 'notes'],
      ['Âge', 'notes'],
      ['Contact', null],
    ]);
  });

  it('refuses unknown fields naming them, a header the file does not have, two emails, no email', () => {
    expect(
      formatError(() => parseMapping('{"Mobile Phone": "portable", "Âge": "age", "Email": "email"}')).message,
    )
      .to.contain('"portable" (for "Mobile Phone")')
      .and.contain('"age" (for "Âge")')
      .and.not.contain('"email" (for');
    expect(formatError(() => parseMapping('[1]')).kind).to.equal('mapping');
    expect(formatError(() => parseMapping('{oops')).kind).to.equal('mapping');
    expect(formatError(() => resolveMapping(['Email'], { Phone: 'telephone' })).message).to.contain(
      'the file does not have: "Phone"',
    );
    expect(formatError(() => resolveMapping(['A', 'B'], { A: 'email', B: 'email' })).message).to.contain(
      'email takes one column',
    );
    const none = formatError(() => resolveMapping(['Nom', 'Prénom'], null));
    expect([none.kind, none.message]).to.deep.equal([
      'header',
      'The header (line 1) has no "email" column; found: Nom, Prénom',
    ]);
  });

  it('a second proposed email column is ignored, not merged; several phone, tag and note columns are all kept', () => {
    const columns = resolveMapping(
      ['Email', 'E-mail', 'Phone', 'Mobile', 'Skills', 'Domaine', 'Notes', 'Remarques'],
      null,
    );
    expect(ignoredColumns(columns)).to.deep.equal([{ position: 2, header: 'E-mail' }]);
    const read = rowReader(columns);
    expect(
      read(['a@example.cm', 'b@example.cm', '699112233', 677445566, 'java', 'BTP', 'vu', 'à rappeler']),
    ).to.deep.equal({
      email: 'a@example.cm',
      nom: null,
      prenom: null,
      telephone: '699112233 / 677445566',
      tags: 'java|BTP',
      notes: 'Notes : vu\nRemarques : à rappeler',
    });
  });

  it('splits full names: capitals are the family name, a comma separates it, else the header’s order', () => {
    expect(splitFullName('MBARGA Jean Paul', false)).to.deep.equal({ nom: 'MBARGA', prenom: 'Jean Paul' });
    expect(splitFullName('Aïcha NGO BASSA', false)).to.deep.equal({ nom: 'NGO BASSA', prenom: 'Aïcha' });
    expect(splitFullName('Mbarga, Élodie', true)).to.deep.equal({ nom: 'Mbarga', prenom: 'Élodie' });
    expect(splitFullName('Mbarga Élodie Carine', false)).to.deep.equal({
      nom: 'Mbarga',
      prenom: 'Élodie Carine',
    });
    expect(splitFullName('Élodie Carine Mbarga', true)).to.deep.equal({
      nom: 'Mbarga',
      prenom: 'Élodie Carine',
    });
    expect(splitFullName('Mbarga', false)).to.deep.equal({ nom: 'Mbarga', prenom: null });
    const read = rowReader(resolveMapping(['Full Name', 'Email'], null));
    expect(read(['Jean Mbarga', 'j@example.cm'])).to.include({ nom: 'Mbarga', prenom: 'Jean' });
    const both = rowReader(resolveMapping(['Noms et Prénoms', 'Nom', 'Email'], null));
    expect(both(['Mbarga Jean', 'Essomba', 'j@example.cm'])).to.include({ nom: 'Essomba', prenom: 'Jean' });
  });

  it('a whole number typed in a phone column is its digits; elsewhere a number is its text', () => {
    expect(cellText(699112233, 'telephone')).to.equal('699112233');
    expect(cellText(237699112233, 'telephone')).to.equal('237699112233');
    expect(cellText(6.5, 'telephone')).to.equal('6.5');
    expect(cellText(42, 'notes')).to.equal('42');
    expect(cellText(undefined, 'email')).to.equal('');
  });
});
