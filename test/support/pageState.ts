/**
 * The store a server-rendered page serialized into its HTML, read loosely:
 * tests assert on the parts they care about.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the serialized state is read loosely here
export function stateOf(html: string): any {
  const json = /window\.__TRAWL_STATE__=(.*?)<\/script>/.exec(html)?.[1];
  if (!json) throw new Error('no serialized state in the page');
  return JSON.parse(json);
}
