/** Height of the sticky header; the sidebar column sticks just below it. */
export const HEADER_HEIGHT = 64;
/** Width of the sidebar column / drawer. */
export const SIDEBAR_WIDTH = 264;
