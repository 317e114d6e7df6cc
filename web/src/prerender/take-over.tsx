import { useEffect } from 'react';

/** An input with what was typed into it before the app took the page over. */
type Typed = { input: HTMLInputElement; value: string };

/** What the visitor typed into the prerendered form while the JavaScript was loading. */
export function typedValues(root: HTMLElement): Typed[] {
  return [...root.querySelectorAll('input')]
    .filter((input) => input.value !== input.defaultValue)
    .map((input) => ({ input, value: input.value }));
}

const setNativeValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;

/**
 * Hands typed values to the app's form state: hydration keeps them in the inputs, but the
 * form's state starts empty and would blank them on its next render. An input event React
 * sees as a change (its value tracker reset first) makes the form take them as if typed now.
 */
function replayTyped(typed: Typed[]): void {
  for (const { input, value } of typed) {
    if (!input.isConnected || !setNativeValue) continue;
    input.value = '';
    setNativeValue.call(input, value);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  }
}

/** The buttons clicked before the take-over, which boot-script.js held back. */
const heldClicks = (): HTMLElement[] => (window as { heldClicks?: HTMLElement[] }).heldClicks ?? [];

/**
 * Rendered beside the app: once its first render is on screen, marks the page as the app's
 * (data-app: boot-script.js then lets clicks and forms through, the prerendered page's hiding
 * ends) and replays what was typed and clicked before.
 */
export function TakeOver({ typed }: { typed: Typed[] }) {
  useEffect(() => {
    document.documentElement.dataset.app = '';
    replayTyped(typed);
    for (const button of heldClicks().splice(0)) if (button.isConnected) button.click();
  }, [typed]);
  return null;
}
