/**
 * An offer's description as an HTML fragment, for the JSON-LD `description` and the feeds'
 * descriptions (which readers and aggregators render as HTML). The only elements are the ones
 * built here (`p`, `br`, `ul`, `li`); every text the recruiter typed is HTML-escaped, so a typed
 * `<img onerror=...>` shows as text.
 */
import type { OffreView } from '../offres/offre-view.ts';

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

/** Paragraphs from the description, the department and experience, and the skills as a list. */
export function offreDescriptionHtml(o: OffreView): string {
  const paragraphs = (o.description ?? '')
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`);
  if (o.departement) paragraphs.push(`<p>Département : ${escapeHtml(o.departement)}</p>`);
  if (o.experience) paragraphs.push(`<p>Profil recherché : ${escapeHtml(o.experience)}</p>`);
  if (o.competences.length)
    paragraphs.push(
      `<p>Compétences :</p><ul>${o.competences.map((c) => `<li>${escapeHtml(c)}</li>`).join('')}</ul>`,
    );
  return paragraphs.join('') || `<p>${escapeHtml(o.titre)}</p>`;
}
