/**
 * A self-contained HTML page (no CDN, no script) listing every operation of the OpenAPI document
 * by tag with its access, parameters and answers. The JSON document stays the reference.
 */
type Json = Record<string, unknown>;

const esc = (s: unknown): string =>
  String(s ?? '').replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

function operationHtml(method: string, path: string, op: Json): string {
  const params = ((op.parameters as Json[]) ?? [])
    .map(
      (p) => `<li><code>${esc(p.name)}</code> <em>${esc(p.in)}</em>${p.required ? ' (required)' : ''}</li>`,
    )
    .join('');
  const codes = Object.keys((op.responses as Json) ?? {}).join(', ');
  return `<details class="op"><summary><span class="m ${esc(method)}">${esc(method.toUpperCase())}</span> <code>${esc(path)}</code> ${esc(op.summary)}${op.deprecated ? ' <strong>(deprecated)</strong>' : ''}</summary>
<p>${esc(op.description).replace(/\n/g, '<br>')}</p>${params ? `<p>Parameters:</p><ul>${params}</ul>` : ''}<p>Responses: ${esc(codes)}</p></details>`;
}

export function renderDocsPage(doc: Json): string {
  const byTag = new Map<string, string[]>();
  for (const [path, item] of Object.entries(doc.paths as Record<string, Json>)) {
    for (const [method, op] of Object.entries(item)) {
      const tag = ((op as Json).tags as string[])?.[0] ?? 'Other';
      byTag.set(tag, [...(byTag.get(tag) ?? []), operationHtml(method, path, op as Json)]);
    }
  }
  const sections = [...byTag.entries()]
    .map(([tag, ops]) => `<section><h2>${esc(tag)}</h2>${ops.join('\n')}</section>`)
    .join('\n');
  const info = doc.info as Json;
  return `<!doctype html><html lang="fr"><head><meta charset="utf-8"><title>${esc(info.title)} - documentation</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>body{font-family:system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;color:#222}
code{background:#f4f4f4;padding:0 .2rem}.op{border:1px solid #ddd;border-radius:4px;margin:.3rem 0;padding:.3rem .6rem}
.m{display:inline-block;min-width:4rem;font-weight:bold}.get{color:#0a7}.post{color:#07c}.put,.patch{color:#c70}.delete{color:#c22}</style></head>
<body><h1>${esc(info.title)} <small>${esc(info.version)}</small></h1><p>${esc(info.description)}</p>
<p>Machine-readable document: <a href="/v1/api/openapi.json">/v1/api/openapi.json</a> (OpenAPI 3.1).</p>
${sections}</body></html>`;
}
