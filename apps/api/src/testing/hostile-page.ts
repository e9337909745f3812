/**
 * The page from issue 24's attack on URL import: "Ingredients" and "Method" headings, a short list under each,
 * repeated to `bytes` characters. Shared by the extraction's tests, the import's API test and bench/import-health.ts.
 */
export function headingsPage(bytes: number): string {
  const head = "<!doctype html><html><head><title>Everything</title></head><body><h1>Everything</h1>";
  const unit = "<h2>Ingredients</h2><ul><li>1 egg</li><li>2 cups flour</li></ul><h2>Method</h2><ol><li>Mix them well.</li></ol>";
  const tail = "</body></html>";
  return head + unit.repeat(Math.max(1, Math.ceil((bytes - head.length - tail.length) / unit.length))) + tail;
}

/**
 * Pages whose markup alone would make a huge page tree, `bytes` characters each: unclosed elements (nested to the depth
 * cap, then side by side), unclosed bold runs in a paragraph, tables nested in table cells, one element of countless
 * attributes, and countless tiny text runs. Shared by html-tree.test.ts and the memory figures of decision 0047.
 */
export function hostileTreePages(bytes: number): [string, string][] {
  const head = "<!doctype html><html><head><title>Hostile</title></head><body>";
  const fill = (start: string, unit: string) => start + unit.repeat(Math.max(1, Math.floor((bytes - start.length) / unit.length)));
  const attributes: string[] = [];
  for (let k = 0, length = head.length; length < bytes - 10; k++) {
    const name = ` a${k.toString(36)}`;
    attributes.push(name);
    length += name.length;
  }
  return [
    ["unclosed <div>s", fill(head, "<div>")],
    ["unclosed <b>s in a <p>", fill(`${head}<p>`, "<b>")],
    ["tables nested in cells", fill(head, "<table><tr><td>")],
    ["one element's attributes", `${head}<div${attributes.join("")}>x</div>`],
    ["tiny text runs", fill(head, "x<!>")],
  ];
}
