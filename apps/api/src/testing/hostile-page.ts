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
