import { screen } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';

/** Radix Select asks for pointer-capture and scrolling APIs that happy-dom lacks. */
export function polyfillRadixSelect() {
  const proto = Element.prototype as unknown as Record<string, unknown>;
  proto.hasPointerCapture ??= () => false;
  proto.setPointerCapture ??= () => undefined;
  proto.releasePointerCapture ??= () => undefined;
  proto.scrollIntoView ??= () => undefined;
}

/** Opens the labelled kit Select and picks the option. */
export async function chooseOption(user: UserEvent, label: string, option: string | RegExp) {
  polyfillRadixSelect();
  await user.click(screen.getByRole('combobox', { name: label }));
  await user.click(await screen.findByRole('option', { name: option }));
}

/** The option names the labelled Select offers (opens and closes it). */
export async function optionNames(user: UserEvent, label: string): Promise<string[]> {
  polyfillRadixSelect();
  await user.click(screen.getByRole('combobox', { name: label }));
  // The options' labels: the first element naming each (an option with a description line is named by
  // its label, then the description).
  const names = (await screen.findAllByRole('option')).map((o) => {
    const label = o.getAttribute('aria-labelledby')?.split(' ')[0];
    return (label ? document.getElementById(label)?.textContent : null) ?? o.textContent ?? '';
  });
  await user.keyboard('{Escape}');
  return names;
}
