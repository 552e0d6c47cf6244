/**
 * French typography for HTML: no-break spaces inside « » and before : ; ! ?, so that a narrow
 * screen never starts a line with one of them. Text only: tags and their attributes, comments
 * (mail clients' conditional ones included), and the contents of script and style elements (the
 * JSON-LD, the style sheet) stay as written.
 */
const KEPT_AS_WRITTEN = /(<script\b[\s\S]*?<\/script>|<style\b[\s\S]*?<\/style>|<!--[\s\S]*?-->)/i;

function spaceText(text: string): string {
  return text.replace(/« /g, '«\u00a0').replace(/ (»|[:;!?](?=\s|$|&))/g, '\u00a0$1');
}

export function frenchSpaces(html: string): string {
  return html
    .split(KEPT_AS_WRITTEN)
    .map((chunk, i) =>
      // split() with a capturing group: odd chunks are the parts kept as written.
      i % 2 === 1
        ? chunk
        : chunk.replace(/(^|>)([^<]+)/g, (_w, open: string, text: string) => open + spaceText(text)),
    )
    .join('');
}
