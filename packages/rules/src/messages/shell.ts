/** Header, sidebar and footer labels of spec section 2 ("Global"). Character for character; functions fill the spec's {placeholders}. */
export const shellMessages = {
  greeting: (firstName: string) => `Hi, ${firstName} !`,
  nav: {
    startLeague: 'Start a League',
    joinLeague: 'Join a League',
    myLeagues: 'My Leagues',
    leagueMembers: 'League Members',
    mySelections: 'My Selections',
    allSelections: 'All Selections',
    leaderboard: 'Leaderboard',
    faq: 'FAQ',
    myProfile: 'My Profile',
    signOut: 'Sign Out',
  },
  copyright: (year: number) => `© ${year} Fantasy Cricket`,
  terms: 'Terms and Conditions',
  privacy: 'Privacy Policy',
  contactUs: 'Contact Us',
} as const;
