import { darkTheme, lightTheme } from '@fantasy-cricket/ui';

/**
 * Puts the theme class on <html> so portalled dialogs and tooltips inherit the variables too, and
 * follows the operating system's light/dark preference.
 */
export function applyTheme(root: HTMLElement = document.documentElement): () => void {
  const query = window.matchMedia?.('(prefers-color-scheme: dark)');
  const apply = () => {
    const dark = query?.matches ?? false;
    root.classList.toggle(darkTheme, dark);
    root.classList.toggle(lightTheme, !dark);
  };
  apply();
  query?.addEventListener?.('change', apply);
  return () => query?.removeEventListener?.('change', apply);
}
