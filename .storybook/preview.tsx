import { DocsContainer, type DocsContainerProps } from '@storybook/addon-docs/blocks';
import type { ArgTypesEnhancer, Decorator, Preview } from '@storybook/react-vite';
import { type ReactNode, useEffect, useState } from 'react';
import { GLOBALS_UPDATED, SET_GLOBALS } from 'storybook/internal/core-events';
import { mswLoader } from '../apps/web/src/stories/msw';
import { darkTheme, lightTheme, vars } from '../packages/ui/src/index';
// The kit's opt-in page-wide rules, as the product's web app uses them (stories and screenshots unchanged).
import '../packages/ui/src/theme/global.css';
import { darkBrandTheme, lightBrandTheme } from './theme';

const themes = { light: lightTheme, dark: darkTheme } as const;
type ThemeName = keyof typeof themes;

// Under automation (story tests, screenshots) skip animations, so axe and
// screenshots see final colours instead of a fade in progress.
if (typeof navigator !== 'undefined' && navigator.webdriver) {
  const style = document.createElement('style');
  style.textContent =
    '*, *::before, *::after { animation-duration: 0s !important; animation-delay: 0s !important; transition-duration: 0s !important; transition-delay: 0s !important; }';
  document.head.appendChild(style);
}

/**
 * Applies the theme class to <html> (so portalled dialogs, menus and tooltips get the
 * variables too) and to a wrapper that paints the page background.
 */
const withTheme: Decorator = (Story, context) => {
  const name: ThemeName = context.globals.theme === 'dark' ? 'dark' : 'light';
  const root = document.documentElement;
  root.classList.remove(lightTheme, darkTheme);
  root.classList.add(themes[name]);
  const fullscreen = context.parameters.layout === 'fullscreen';
  return (
    <div
      className={themes[name]}
      style={{
        background: vars.color.surface,
        color: vars.color.text,
        padding: fullscreen ? 0 : '1.5rem',
        minHeight: fullscreen ? '100vh' : undefined,
        borderRadius: fullscreen ? 0 : 8,
      }}
    >
      <Story />
    </div>
  );
};

/** The toolbar's theme as the docs page sees it (the docs context keeps the user's globals in its store). */
function docsThemeName(context: DocsContainerProps['context']): ThemeName {
  const store = (context as unknown as { store?: { userGlobals?: { get(): Record<string, unknown> } } }).store;
  return store?.userGlobals?.get().theme === 'dark' ? 'dark' : 'light';
}

/**
 * Docs pages follow the toolbar's Theme too: Storybook's docs chrome (text, tables, code blocks) switches
 * to the dark brand theme, and the kit's theme class goes on <html> so inline stories, the do/don't
 * examples and portalled overlays get the same variables.
 */
function ThemedDocsContainer({ children, context }: DocsContainerProps & { children?: ReactNode }) {
  const [name, setName] = useState<ThemeName>(() => docsThemeName(context));
  useEffect(() => {
    const onGlobals = ({ globals }: { globals: Record<string, unknown> }) =>
      setName(globals.theme === 'dark' ? 'dark' : 'light');
    // SET_GLOBALS brings the globals the manager starts with (e.g. `?globals=theme:dark`), GLOBALS_UPDATED the toolbar's changes.
    context.channel.on(SET_GLOBALS, onGlobals);
    context.channel.on(GLOBALS_UPDATED, onGlobals);
    setName(docsThemeName(context));
    return () => {
      context.channel.off(SET_GLOBALS, onGlobals);
      context.channel.off(GLOBALS_UPDATED, onGlobals);
    };
  }, [context]);
  useEffect(() => {
    const root = document.documentElement;
    root.classList.remove(lightTheme, darkTheme);
    root.classList.add(themes[name]);
  }, [name]);
  return (
    <DocsContainer context={context} theme={name === 'dark' ? darkBrandTheme : lightBrandTheme}>
      {children}
    </DocsContainer>
  );
}

/**
 * Prop tables: react-docgen summarises a union of literals (`ButtonVariant`, `ModalSize`…) as "union".
 * Show the allowed values instead (`'primary' | 'secondary' | …`), from the inferred enum or the raw type.
 */
const listUnionValues: ArgTypesEnhancer = (context) => {
  const argTypes = context.argTypes;
  for (const argType of Object.values(argTypes)) {
    const summary = argType.table?.type?.summary;
    if (summary !== 'union') continue;
    const type = argType.type as { name?: string; value?: unknown; raw?: string } | undefined;
    const values = Array.isArray(type?.value) ? type.value : undefined;
    const text =
      type?.name === 'enum' && values
        ? values.map((value) => (typeof value === 'string' ? `'${value}'` : String(value))).join(' | ')
        : type?.raw;
    if (text && argType.table?.type) argType.table.type = { ...argType.table.type, summary: text };
  }
  return argTypes;
};

const preview: Preview = {
  argTypesEnhancers: [listUnionValues],
  decorators: [withTheme],
  // The screens' stories (apps/web) answer the app's API calls with msw: see apps/web/src/stories/msw.ts.
  // A story without `parameters.msw` (every kit story) does not start the worker.
  loaders: [mswLoader],
  globalTypes: {
    theme: {
      description: 'Colour theme',
      toolbar: {
        title: 'Theme',
        icon: 'mirror',
        items: [
          { value: 'light', title: 'Light', icon: 'sun' },
          { value: 'dark', title: 'Dark', icon: 'moon' },
        ],
        dynamicTitle: true,
      },
    },
  },
  initialGlobals: { theme: 'light' },
  parameters: {
    layout: 'padded',
    docs: {
      container: ThemedDocsContainer,
      // Prop tables list every prop with its description, required ones first.
      controls: { sort: 'requiredFirst' },
    },
    // Every axe violation fails the story test.
    a11y: { test: 'error' },
    controls: { matchers: { color: /(background|color)$/i, date: /Date$/i }, expanded: true },
    viewport: {
      options: {
        mobile390: { name: 'Mobile (390px)', styles: { width: '390px', height: '844px' }, type: 'mobile' },
        mobile360: { name: 'Small mobile (360px)', styles: { width: '360px', height: '740px' }, type: 'mobile' },
        tablet: { name: 'Tablet (768px)', styles: { width: '768px', height: '1024px' }, type: 'tablet' },
        laptop: { name: 'Laptop (1280px)', styles: { width: '1280px', height: '800px' }, type: 'desktop' },
        desktop: { name: 'Desktop (1440px)', styles: { width: '1440px', height: '900px' }, type: 'desktop' },
      },
    },
    options: {
      storySort: {
        order: [
          'Introduction',
          'Foundations',
          'Actions',
          'Forms',
          'Feedback',
          'Overlays',
          'Content',
          'Data',
          'Navigation',
          'Layout',
          'App shell',
          '*',
        ],
      },
    },
  },
  tags: ['autodocs'],
};

export default preview;
