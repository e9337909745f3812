/** "Inventory · Kim": each screen's tab title, so tabs and history entries tell the pages apart. */
export function pageTitleText(page: string): string {
  return `${page} · Kim`;
}

/** A route's `head`: its document title, rendered by <HeadContent /> in the root layout. */
export function pageTitle(page: string) {
  return { meta: [{ title: pageTitleText(page) }] };
}
