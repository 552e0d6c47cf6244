/**
 * An offer's description as an HTML fragment, for the JSON-LD `description` and the RSS
 * descriptions (which readers render as HTML). The only elements are the ones built here (`p`,
 * `br`, `ul`, `li`); every text the recruiter typed is HTML-escaped, so a typed
 * `<img onerror=...>` shows as text.
 */
import type { Langue } from '../../models/account.ts';
import type { OffreView } from '../offres/index.ts';
import { offreDescriptionParts, type DescriptionPart } from './offre-description-parts.ts';

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);
}

function partHtml(part: DescriptionPart): string {
  if (part.kind === 'paragraph') return `<p>${part.lines.map(escapeHtml).join('<br>')}</p>`;
  if (part.kind === 'labelled') return `<p>${escapeHtml(part.label + part.value)}</p>`;
  return `<p>${escapeHtml(part.label)}</p><ul>${part.items.map((i) => `<li>${escapeHtml(i)}</li>`).join('')}</ul>`;
}

/** Paragraphs from the description, the department and experience, and the skills as a list. */
export function offreDescriptionHtml(o: OffreView, lang: Langue = 'fr'): string {
  return offreDescriptionParts(o, lang).map(partHtml).join('');
}
