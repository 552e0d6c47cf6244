/**
 * A refused upload's type said to a person, in French or in English: "envoyez un fichier PDF ou
 * Word (.doc, .docx) ; reçu : une image PNG" rather than the MIME types the details list.
 */
import type { Langue } from '../../models/account.ts';
import { MIME } from './detect-content-type.ts';

const NAMES: Record<string, Record<Langue, string>> = {
  [MIME.pdf]: { fr: 'PDF', en: 'PDF' },
  [MIME.doc]: { fr: 'Word (.doc)', en: 'Word (.doc)' },
  [MIME.docx]: { fr: 'Word (.docx)', en: 'Word (.docx)' },
  [MIME.jpeg]: { fr: 'JPEG', en: 'JPEG' },
  [MIME.png]: { fr: 'PNG', en: 'PNG' },
  [MIME.webp]: { fr: 'WebP', en: 'WebP' },
};

const nameOf = (mime: string, lang: Langue) => NAMES[mime]?.[lang] ?? mime;

function oneOf(names: string[], lang: Langue): string {
  if (names.length <= 1) return names.join('');
  const or = lang === 'fr' ? ' ou ' : ' or ';
  return `${names.slice(0, -1).join(', ')}${or}${names[names.length - 1]}`;
}

export function refusedTypeMessage(
  allowed: readonly string[],
  detected: string | null,
  lang: Langue,
): string {
  const wanted = oneOf(
    allowed.map((m) => nameOf(m, lang)),
    lang,
  );
  const got = detected ? nameOf(detected, lang) : null;
  return lang === 'fr'
    ? `Ce type de fichier n’est pas accepté ici : envoyez un fichier ${wanted} (fichier reçu : ${got ?? 'type inconnu'})`
    : `This type of file is not accepted here: send a ${wanted} file (received: ${got ?? 'unknown type'})`;
}
