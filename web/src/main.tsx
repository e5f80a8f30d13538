import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import '@mantine/dropzone/styles.css';
import { MantineProvider, createTheme } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { queryClient } from './queries/query-client.ts';
import { router } from './router.tsx';

const theme = createTheme({
  primaryColor: 'indigo',
  defaultRadius: 'md',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
  // Focus is always visible, keyboard or not: people who work all day on a keyboard need it.
  focusRing: 'always',
  // People who ask their system for less motion get none: dialogs, menus and toasts appear
  // and leave at once.
  respectReducedMotion: true,
  // Shades dark enough for text on white (WCAG AA, 4.5:1): buttons' labels and links.
  primaryShade: 8,
  components: {
    // An alert's title in the text's colour: a tint of teal or orange on its light background
    // reads under 4.5:1.
    Alert: { styles: { title: { color: 'var(--mantine-color-text)' } } },
    // The close button of every dialog says what it does to a screen reader.
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } },
    Drawer: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } },
    // A toast's text is as readable as the page's, and its close button is named.
    Notification: {
      defaultProps: { closeButtonProps: { 'aria-label': 'Dismiss' } },
      styles: { description: { color: 'var(--mantine-color-gray-8)' } },
    },
  },
});

/** Secondary text and error messages stay readable (Mantine's defaults are under 4.5:1 on white). */
const cssVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-error': 'var(--mantine-color-red-9)',
  },
  dark: {},
});

// The first render in a transition: React then yields to the browser every few milliseconds
// instead of holding a slow phone's main thread for the whole page at once.
const root = createRoot(document.getElementById('root')!);
startTransition(() =>
  root.render(
    <StrictMode>
      <MantineProvider theme={theme} defaultColorScheme="light" cssVariablesResolver={cssVariablesResolver}>
        {/* At the bottom: a toast must not cover the header's menu or a dialog's title (on a phone
          the top of the screen is both), and three at most stand at once. */}
        <Notifications position="bottom-right" limit={3} />
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </MantineProvider>
    </StrictMode>,
  ),
);
