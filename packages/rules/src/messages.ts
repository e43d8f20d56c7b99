/**
 * Every user-facing text of spec sections 2, 5 and 8, character for character.
 * Functions fill the spec's {placeholders}. The sections the first page load needs (common, landing,
 * shell) live in messages/ and are exported on their own too, so the landing page's bundle carries
 * those and not every screen's texts.
 */
import { commonMessages } from './messages/common';
import { landingMessages } from './messages/landing';
import { shellMessages } from './messages/shell';

export const messages = {
  common: commonMessages,
  landing: landingMessages,
  /** Header, sidebar and footer labels of spec section 2 ("Global"). */
  shell: shellMessages,
  login: {
    invalidCredentials: 'Invalid credentials, please try again.',
    failed: (serverMessage: string) => `Login failed: ${serverMessage}`,
    verificationPendingMarker: 'Email verification is pending',
    resendLink: 'Resend Verification Email',
    resendSuccess: 'Verification email resent successfully. Please check your inbox.',
    resendSuccessAlt: 'A new verification email has been sent.',
    resendFailure: 'Failed to resend verification email. Please try again later.',
    resendError: 'Error while sending verification email. Please try again.',
    forgotEmailRequired: 'Please enter your email before requesting a password reset.',
    forgotSuccess: 'A password reset email has been sent. Please check your inbox.',
    forgotFailure: 'Failed to send password reset email. Please try again later.',
  },
  register: {
    success: 'Registration Successful !!',
    proceedToLogin: 'Proceed to Login',
    firstNameRequired: 'First name is required.',
    firstNameMin: 'First name must be at least 2 characters long.',
    lastNameRequired: 'Last name is required.',
    lastNameMin: 'Last name must be at least 2 characters long.',
    passwordMin: 'Password must be at least 8 characters long.',
    termsRequired: 'You must accept the Terms and Conditions',
    failed: (status: number, statusText: string) =>
      `Registration failed: ${status} ${statusText}. Please try again later.`,
  },
  verify: {
    success: 'Your email has been verified successfully!',
    failed: 'Verification failed. Please try again.',
    tryAgain: 'Try Again',
    invalidLink: 'Invalid verification link.',
  },
  reset: {
    success: 'Password Reset Successful !!',
    passwordMin: 'Password must be at least 6 characters long.',
    failed: (status: number, statusText: string) =>
      `Password reset failed: ${status} ${statusText}. Please try again later.`,
  },
  unsubscribe: {
    done: 'You have been unsubscribed from all emails.',
  },
  unsubscribeApi: {
    invalidLink: 'This unsubscribe link is not valid. You can turn reminder emails off in your profile.',
  },
  contact: {
    nameRequired: 'Name is required.',
    nameMax: 'Name must be less than 255 characters.',
    emailRequired: 'Email is required.',
    emailMax: 'Email must be less than 255 characters.',
    emailInvalid: 'Invalid email format.',
    messageRequired: 'Message is required.',
    sent: "Your message has been sent. We'll get back to you shortly.",
  },
  /**
   * Characters a text field refuses (not in the spec; docs/decisions/0014-text-fields.md). The field
   * is named as its form labels it.
   */
  text: {
    singleLine: (field: string) =>
      `${field} must not contain line breaks, tabs, control characters or invisible formatting characters.`,
    multiLine: (field: string) => `${field} must not contain control characters.`,
  },
  home: {
    dailyChallengesFailed: 'An error occurred while loading daily challenges.',
    /** Home's own texts (not in the spec): the player's leagues, next lock and one-tap join. */
    summaryFailed: 'Your leagues could not be loaded.',
    makePicks: 'Make your picks',
    waitingApproval: "Waiting for the admin's approval",
  },
  startLeague: {
    nameRequired: '* League Name is required',
    typeRequired: '* League Type is required',
    seriesRequired: '* Series is required',
    displayNameRequired: '* Display Name is required',
    /** The spec sets the limit but gives no text; ours names it. */
    descriptionMax: 'League Description cannot exceed 1500 characters.',
    seriesFailed: 'Failed to fetch Series.',
    createFailed: 'An error occured while creating League.',
    created: 'League created successfully!',
  },
  configure: {
    title: (leagueType: string) => `League Configuration - ${leagueType}`,
    step1: 'Configure Number of Players',
    step2: 'Configure Features and Points',
    confirm: 'Once you proceed, the selection configuration cannot be changed. Do you want to continue?',
    fetchConfigFailed: 'Failed to fetch league configurations. Please try again.',
    fetchSelectionConfigFailed: 'Failed to fetch selection configurations. Please try again.',
    saveSelectionConfigFailed: 'An error occurred while saving the selection configuration.',
    saveConfigFailed: 'An error occurred while saving the configuration.',
    selectionConfigSaved: 'Player Selection configuration saved successfully!',
    configSaved: 'Features and Points configuration saved successfully!',
    positionMax: (limit: number, position: string) => `Max ${limit} ${position} are allowed.`,
    totalMax: 'Total players cannot exceed 11.',
    totalMin: 'At least one player is required.',
    pointsWhole: 'Points must be a whole number.',
    pointsRequired: 'Points are required.',
    pointsRange: (feature: string, max: number) => `Points for "${feature}" must be between 0 and ${max} inclusive.`,
    rangeHint: (max: number) => `Range (0 - ${max})`,
    /** A penalty feature (Duck, poor economy or strike rate): the admin sets how much is deducted. */
    rangeHintDeducted: (max: number) => `Deducted · Range (0 - ${max})`,
    pointsDeductedLabel: (feature: string) => `Points deducted for ${feature}`,
    aboutFeature: (feature: string) => `About ${feature}`,
  },
  editLeague: {
    titleEdit: 'Edit Fantasy League',
    titleView: 'View Fantasy League',
    showOthersPicks: "Show Other Users' Picks",
    save: 'Save Changes',
    fetchFailed: 'Failed to fetch league details. Please try again later.',
    updateFailed: 'Error updating league. Please try again.',
    updated: 'League details updated successfully!',
  },
  /**
   * Texts the leagues API answers with (not in the spec: the spec leaves server messages open). The
   * web app shows them as they are (spec §8 "Generic handler").
   */
  leagueApi: {
    deleted: 'League deleted.',
    activated: 'League activated.',
    notFound: 'League not found.',
    codeNotFound: 'No league found with this code.',
    /** 429 after too many codes that were not found (docs/decisions/0012-rate-limits.md); `wait` as "12 minutes". */
    tooManyWrongCodes: (wait: string) =>
      `Too many league codes that were not found. Please check the code with the league admin and try again in ${wait}.`,
    notMember: 'You are not a member of this league.',
    notApproved: 'Your request to join this league has not been approved yet.',
    adminOnly: 'Only the league admin can do this.',
    nameReserved: 'League names containing "Daily Challenge" are reserved for the daily challenges.',
    unknownLeagueType: 'Unknown league type.',
    publicMatchPredictionOnly: 'Public leagues can only be Match Prediction leagues.',
    unknownSeries: 'This series is not open for new leagues.',
    publicNotConfigurable: 'Public leagues use the default configuration and cannot be configured.',
    notDraft: 'The league is no longer in Draft: its configuration cannot be changed.',
    selectionConfigLocked: 'The player counts are saved and can no longer be changed.',
    onlyDraftActivate: 'Only a Draft league can be activated.',
    onlyDraftDelete: 'Only a Draft league can be deleted.',
    finishedNoEdit: 'The league has finished and can no longer be edited.',
    notPlayerSelection: 'Player counts apply only to Player Selection leagues.',
    unknownConfigItem: 'The configuration does not belong to this league. Please reload and try again.',
    featureMismatch: 'The feature does not match the configuration item. Please reload and try again.',
    oneLeaguePerRequest: 'All items must belong to the same league.',
    noActiveFeature: 'Select at least one feature before activating the league.',
    searchTooShort: 'Enter at least 3 characters to search public leagues.',
    alreadyMember: 'You are already a member of this league.',
    alreadyRequested: 'You have already requested to join this league. Please wait for the admin to approve it.',
    rejectedFinal: 'Your request to join this league was rejected. You cannot request to join it again.',
    displayNameTaken: 'This display name is already used in this league. Please choose another one.',
    leagueFinished: 'This league has finished and can no longer be joined.',
    memberNotFound: 'Member not found in this league.',
    notPending: 'Only pending requests can be approved or rejected.',
    newAdminNotApproved: 'The new admin must be an Approved member of this league.',
    newAdminIsSelf: 'You are already the admin of this league.',
  },
  myLeagues: {
    empty: 'No leagues found.',
    fetchFailed: 'Failed to fetch leagues. Please try again.',
    deleteFailed: 'Failed to delete league.',
    activateFailed: 'Failed to activate league. Please try again.',
  },
  members: {
    empty: 'No members found.',
    youAreHere: 'You are here',
    loadLeaguesFailed: 'Failed to load leagues.',
    loadMembersFailed: 'Failed to load members. Please try again.',
    statusFailed: (status: string) => `Failed to ${status} member. Please try again.`,
    changeAdminFailed: 'Failed to change admin. Please try again.',
    statusChanged: (status: 'approved' | 'rejected') => `Member successfully ${status}.`,
    adminChanged: 'Admin changed successfully.',
    confirmRejection: 'Confirm Rejection',
    confirmAdminTransfer: 'Confirm Admin Transfer',
    /** What the count on the sidebar's League Members is, read after its label: '2 requests waiting'. */
    requestsWaiting: (count: number) => `${count} ${count === 1 ? 'request' : 'requests'} waiting`,
    /** A league in League Members' dropdown with join requests waiting for its admin. */
    leagueWithRequests: (name: string, count: number) => `${name} (${count} waiting)`,
  },
  join: {
    codeRequired: '* League Code is required',
    displayNameRequired: '* Display Name is required',
    publicDisplayName: 'Please enter a valid display name (at least 3 characters) before joining the league.',
    joinFailed: 'An error occurred while joining the league.',
    searchFailed: 'An error occurred while searching public leagues.',
    loadFailed: 'An error occurred while loading public leagues.',
    privateSent: 'Your request to join the league is sent for Approval to the League Admin !',
    publicJoined: 'You have successfully joined the league!',
    gamerNameTooltip: 'This is what your name will look like to other participants in this league.',
    /**
     * The Gamer Name field's label: the spec's own words for it (Start League: "Gamer Name (display
     * name)"), so the spec's messages about the "display name" name the field as the form does
     * (docs/decisions/0035-home-first-hour.md).
     */
    gamerNameLabel: 'Gamer Name (display name)',
    noDescription: 'No description',
    joinPrivate: 'Join Private League',
    searchLabel: 'Search Public Leagues',
  },
  /** Refusals of the picks API that the spec does not word; see docs/decisions/0006-picks-api.md. */
  picksApi: {
    fixtureNotFound: 'Fixture not found.',
    fixtureNotInLeague: (fixtureId: number) => `Fixture ${fixtureId} is not part of this league.`,
    leagueDraft: 'This league has not been activated yet: picks open once the admin activates it.',
    leagueFinished: 'This league has finished: picks can no longer be made.',
    notMatchPrediction: 'This is not a Match Prediction league.',
    notPlayerSelection: 'This is not a Player Selection league.',
    unknownLeagueFeature: (id: number) => `Feature ${id} does not belong to this league. Please reload and try again.`,
    featureInactive: (feature: string) => `"${feature}" is not part of this league's features.`,
    repeatedItem: 'The same pick appears more than once in the request.',
    oneChoice: (feature: string) => `Choose only one answer for "${feature}".`,
    needsTeam: (feature: string) => `"${feature}" needs a team.`,
    needsPlayer: (feature: string) => `"${feature}" needs a player.`,
    needsBonusOption: (feature: string) => `"${feature}" needs one of its answers.`,
    teamNotInFixture: (fixture: string) => `The team picked is not playing in ${fixture}.`,
    playerNotInFixture: (fixture: string) => `The player picked is not in either squad of ${fixture}.`,
    playerPositionNotAllowed: (player: string, feature: string) =>
      `${player} cannot be picked for "${feature}": that feature takes other positions.`,
    bonusOptionNotForFeature: (feature: string) => `The answer picked is not one of the answers of "${feature}".`,
    unknownPosition: (id: number) => `Position ${id} does not exist.`,
    playerWrongPosition: (player: string, position: string) => `${player} does not play as ${position}.`,
    slotOutOfRange: (position: string, count: number) =>
      `This league has ${count} ${position} slot${count === 1 ? '' : 's'}: that slot does not exist.`,
  },
  selections: {
    selectLeague: 'Select a League',
    copyMp: 'Copy below picks to my other MP leagues',
    copyPs: 'Copy below picks to my other PS leagues',
    serverTimeFailed: 'Failed to fetch server time. Please try again.',
    loadLeaguesFailed: 'Failed to load leagues. Please try again.',
    loadFixturesFailed: 'Failed to load fixtures. Please try again.',
    loadFeaturesFailed: 'Failed to load features for the selected league. Please try again.',
    loadPlayerSelectionFailed: 'Failed to load player selection for Fixture.',
    noUpcomingFixture: 'No upcoming fixture available.',
    serverTimeUnavailable: 'Cannot save selections: Server time is unavailable.',
    saveFailed: 'Failed to save selections. Please try again.',
    savedMp: 'Match Prediction selections saved successfully.',
    savedPs: 'Player Selection selections saved successfully.',
    noModified: 'No modified selections to save.',
    duplicates: (list: string) =>
      `Duplicate selections detected for: ${list} Please select unique players for each position.`,
    started: (fixtureNames: string) =>
      `Cannot save selection for the following fixtures as the matches have already started: ${fixtureNames}`,
    noDetails: 'No selection details available.',
  },
  leaderboard: {
    empty: 'No leaderboard data available.',
    loadFailed: 'Failed to load leaderboard data. Please try again later.',
    contestsFailed: 'Failed to load contest data. Please try again later.',
    loadFixturesFailed: 'Failed to load fixtures. Please try again.',
    loadSelectionsFailed: 'Failed to load selections. Please try again.',
    scoreDetailsFailed: 'Failed to load score details. Please try again later.',
    playerDetailsFailed: 'Failed to load score details. Please try again.',
    noScoreDetails: 'No score details available.',
    fetchLeaguesFailed: 'Failed to fetch leagues. Please try again.',
    loadLeaguesFailed: 'Failed to load leagues. Please try again.',
  },
  standingsApi: {
    notMatchPrediction:
      'This is a Player Selection league: open its Player Selection leaderboard and score details instead.',
    notPlayerSelection:
      'This is a Match Prediction league: open its Match Prediction leaderboard and score details instead.',
    othersHidden: "This league does not show other members' picks: you can only open your own score details.",
    memberNotFound: 'This user is not an approved member of this league.',
    fixtureNotFound: 'This fixture is not part of this league.',
  },
  /** Refusals of the live event stream (the web app then follows the same topics by polling). */
  liveApi: {
    tooManyForSession: (max: number) =>
      `This session already has ${max} live streams open. Close a tab that follows live matches, or try again later.`,
    tooManyForAddress: (max: number) =>
      `Too many live streams are open from your network (${max}). Please try again later.`,
    full: 'The server is following as many live streams as it can. Please try again in a moment.',
    badLastEventId: 'Last-Event-ID must be a whole number from 0 to 2147483647.',
  },
  profile: {
    notFound: 'User not found.',
    loadFailed: 'Failed to load user profile. Please try again.',
    notLoggedIn: 'User not logged in.',
    updateFailed: 'Failed to update profile. Please try again.',
    invalidUserId: 'Invalid User ID. Cannot delete profile.',
    deleteFailed: 'Failed to register profile deletion request. Please try again.',
    updated: 'Profile updated successfully.',
    deleteRegistered: 'Your request for profile deletion was registered successfully.',
    autoPickLabel: 'Enable Auto-Picks by AI',
    remindersLabel: 'Get Reminder Emails',
    save: 'Save Profile',
    delete: 'Delete Profile',
  },
  dates: {
    invalid: 'Invalid Date',
  },
  /** The league's points table ("How scoring works") on My Selections and the Leaderboard (decision 0034). */
  scoring: {
    open: 'How scoring works',
    title: (league: string) => `How scoring works: ${league}`,
    matchPredictionIntro:
      'Each correct pick earns the points of its feature; a wrong or missing pick scores 0. When several answers tie (two players level on most runs), every one of them wins.',
    playerSelectionIntro:
      'Your players score from what they do in the match: each stat earns its points every time it happens, and penalties are deducted. Only players who play score.',
    earned: 'Points earned',
    deducted: 'Points deducted',
    notScored: (features: string) => `Not scored in this league: ${features}.`,
    team: 'Your team for each fixture',
    teamSlots: (slots: string, total: number) => `${slots}: ${total} ${total === 1 ? 'player' : 'players'} at most.`,
    noTeamSlots: 'The player counts could not be loaded.',
    loading: 'Loading the points…',
    /** A Match Prediction row of My Selections: what its feature is worth ("+20 points"), or that it scores nothing. */
    rowPoints: (signed: string) => `${signed} points`,
    rowNotScored: 'Not scored',
  },
} as const;
