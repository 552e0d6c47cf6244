/** Every error code the code can produce has a French and an English message (walks the source tree). */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'chai';
import { ERROR_MESSAGES } from '../../api/i18n/error-messages.ts';
import { successMessage } from '../../api/i18n/success-messages.ts';
import { negotiateLanguage } from '../../api/i18n/language.ts';
import { LINE_ISSUE_MESSAGES } from '../../domain/viviers/line-issue-messages.ts';
import { IMPORT_FILE_MESSAGES } from '../../domain/viviers/import-file-problems.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sources(full);
    return name.endsWith('.ts') ? [full] : [];
  });
}

describe('Message catalogues (unit)', () => {
  it('every error code used in domain/ and api/ has both languages', () => {
    const codes = new Set<string>();
    for (const file of [...sources(path.join(ROOT, 'domain')), ...sources(path.join(ROOT, 'api'))]) {
      const text = readFileSync(file, 'utf8');
      for (const m of text.matchAll(/(?:Error|super)\(\s*'([A-Z][A-Z_]{3,})'/g)) codes.add(m[1]);
      for (const m of text.matchAll(/code: '([A-Z][A-Z_]{3,})'/g)) codes.add(m[1]);
      for (const m of text.matchAll(/Error\([^)]*?'([A-Z][A-Z_]{3,})'\s*\)/g)) codes.add(m[1]);
    }
    expect(codes.size).to.be.greaterThan(15);
    // Codes of a talent-pool import line (warnings, the person kept) and of an import file that
    // cannot be read have their sentences, with their parameters, in places of their own.
    const missing = [...codes].filter(
      (c) =>
        !ERROR_MESSAGES[c] &&
        !Object.hasOwn(LINE_ISSUE_MESSAGES, c) &&
        !Object.hasOwn(IMPORT_FILE_MESSAGES, c),
    );
    expect(missing, 'codes without messages').to.deep.equal([]);
    for (const [code, messages] of Object.entries(ERROR_MESSAGES)) {
      expect(messages.fr, code).to.be.a('string').and.not.equal('');
      expect(messages.en, code).to.be.a('string').and.not.equal('');
    }
  });

  it('translates success messages both ways and keeps unknown ones', () => {
    expect(successMessage('Offre publiée', 'en')).to.equal('Offer published');
    expect(successMessage('Sector created', 'fr')).to.equal('Secteur créé');
    expect(successMessage('3 invitation(s) envoyée(s)', 'en')).to.equal('3 invitation(s) sent');
    expect(successMessage('Message libre', 'en')).to.equal('Message libre');
  });

  it('negotiates fr or en, French by default', () => {
    expect(negotiateLanguage(undefined)).to.equal('fr');
    expect(negotiateLanguage('en-US,en;q=0.9')).to.equal('en');
    expect(negotiateLanguage('de, en;q=0.1')).to.equal('en');
    expect(negotiateLanguage('de')).to.equal('fr');
    expect(negotiateLanguage('fr;q=0.2, en;q=0.9')).to.equal('en');
  });
});
