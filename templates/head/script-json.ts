// Values from the config that go into inline <script> elements. JSON.stringify alone lets an
// announcement id like "</script><script>…" end the element and start another one.

/** JSON safe inside an inline script: "<" and the line and paragraph separators are escaped. */
export function scriptJson(value: unknown): string {
  return (JSON.stringify(value) ?? 'undefined').replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}
