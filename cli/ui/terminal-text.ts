/**
 * What the CLI writes to a terminal is stripped of control characters that come with data (a
 * name holding ESC or BEL could clear or retitle the operator's terminal, or hide lines): only
 * newline and tab stay, plus, when the CLI itself colours its output, the colour sequences
 * (SGR, ESC [ ... m). JSON output needs nothing: JSON.stringify escapes control characters.
 */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g;
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL_OR_SGR = /\u001b\[[0-9;]*m|[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g;

export function terminalText(text: string, keepColours: boolean): string {
  return keepColours
    ? text.replace(CONTROL_OR_SGR, (m) => (m.length > 1 ? m : ''))
    : text.replace(CONTROL, '');
}
