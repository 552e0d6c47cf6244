/**
 * An offer's description as plain text, for the aggregators' feed: the same parts as the HTML one
 * (offre-description-parts.ts), paragraphs separated by a blank line, skills as "- " lines.
 */
import type { Langue } from '../../models/account.ts';
import type { OffreView } from '../offres/index.ts';
import { offreDescriptionParts, type DescriptionPart } from './offre-description-parts.ts';

function partText(part: DescriptionPart): string {
  if (part.kind === 'paragraph') return part.lines.join('\n');
  if (part.kind === 'labelled') return part.label + part.value;
  return [part.label, ...part.items.map((i) => `- ${i}`)].join('\n');
}

export function offreDescriptionText(o: OffreView, lang: Langue): string {
  return offreDescriptionParts(o, lang).map(partText).join('\n\n');
}
