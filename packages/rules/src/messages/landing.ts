/** The landing page (spec section 2). Character for character; functions fill the spec's {placeholders}. */
export const landingMessages = {
  title: 'Welcome to Fantasy Cricket',
  tagline: 'Cricket, Strategy, and Ultimate Bragging Rights !',
} as const;
