/** DOM helpers: elements are given text only (textContent), never HTML. */

export const $ = <T extends HTMLElement>(id: string) =>
  document.getElementById(id) as T;

/** An element with text content only. */
export function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  text?: string,
  className?: string,
): HTMLElementTagNameMap[K] {
  const e = document.createElement(tag);
  if (text !== undefined) e.textContent = text;
  if (className) e.className = className;
  return e;
}

/** Copies text to the clipboard, saying so on the button for a moment. */
export async function copyText(
  text: string,
  button: HTMLElement,
): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    button.textContent = "Copied";
  } catch {
    button.textContent = "Copy failed (select and copy by hand)";
  }
  setTimeout(() => (button.textContent = "Copy"), 1500);
}
