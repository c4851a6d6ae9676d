const UNSAFE = /[<>&\u2028\u2029]/g;
const ESCAPES: Record<string, string> = {
  '<': '\\u003c',
  '>': '\\u003e',
  '&': '\\u0026',
  '\u2028': '\\u2028',
  '\u2029': '\\u2029',
};

/**
 * JSON for an inline <script>: `<` (so no `</script>` or `<!--` can end or
 * bend the script), `>`, `&`, and the two line terminators JavaScript once
 * refused inside strings are written as escapes. JSON.parse and the JS
 * parser read the escapes back as the same characters.
 */
export function serializeState(state: unknown): string {
  return JSON.stringify(state).replace(UNSAFE, (ch) => ESCAPES[ch] ?? ch);
}
