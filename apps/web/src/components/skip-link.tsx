/** The id of the signed-in pages' content, which SkipLink moves focus to. */
export const MAIN_CONTENT_ID = "main-content";

/**
 * The first Tab stop of the signed-in shell: skips the sidebar and header. Hidden until focused. It moves focus
 * itself rather than following "#main-content", which would change the address the router reads.
 */
export function SkipLink() {
  return (
    <a
      href={`#${MAIN_CONTENT_ID}`}
      className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-[100] focus:rounded-md focus:bg-background focus:px-4 focus:py-2 focus:text-sm focus:font-medium focus:shadow-lg focus:ring-2 focus:ring-ring"
      onClick={(event) => {
        event.preventDefault();
        const content = document.getElementById(MAIN_CONTENT_ID);
        content?.focus();
        content?.scrollIntoView();
      }}
    >
      Skip to content
    </a>
  );
}
