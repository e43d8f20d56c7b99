/** The console sidebar's element id: the header's hamburger controls it (aria-controls). */
export const CONSOLE_SIDEBAR_ID = 'console-sidebar';
