/**
 * JSON that can be pasted as is inside an HTML `<script>` element (JSON-LD in a page), as Django's
 * `json_script` does. `<`, `>` and `&` become `\u003c`, `\u003e`, `\u0026`, so no text can close
 * the element (`</script>`) or open a comment (`<!--`); U+2028 and U+2029 become `\u2028` and
 * `\u2029`, which older JavaScript parsers read as line ends. These characters can only stand
 * inside JSON strings, where the escapes mean the same characters: JSON.parse gives back the value.
 */
const UNSAFE_IN_SCRIPT = /[<>&\u2028\u2029]/g;

const escapeOf = (c: string) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;

export function jsonForScript(value: unknown): string {
  const json = JSON.stringify(value);
  if (json === undefined) throw new TypeError('jsonForScript: the value has no JSON form');
  return json.replace(UNSAFE_IN_SCRIPT, escapeOf);
}
