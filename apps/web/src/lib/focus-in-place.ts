/** Marks a button that removes its row from a list (a shopping item's Remove, a card's Delete). */
const REMOVE_BUTTON = "[data-remove-item]:not(:disabled)";

/** Where `button` stands among the remove buttons in `container`; -1 when it is none of them. */
export function removeButtonPosition(container: ParentNode, button: Element): number {
  return Array.prototype.indexOf.call(container.querySelectorAll(REMOVE_BUTTON), button);
}

/**
 * A removed row takes its button with it, and focus would fall to the page body: focus goes to the remove button now
 * at `position` (the next row's, come into its place), else the last one, else `fallback`.
 */
export function focusInPlace(container: ParentNode, position: number, fallback: HTMLElement | null | undefined): void {
  const buttons = container.querySelectorAll<HTMLElement>(REMOVE_BUTTON);
  (buttons[Math.min(position, buttons.length - 1)] ?? fallback)?.focus();
}
