import { signedPoints } from '@fantasy-cricket/rules';
import { FEATURES, type LeagueTypeCode } from '../cricket/catalogue';

/**
 * "Match Winner +10, Most Runs +20, …": the catalogue's default points of a league type, signed as
 * they count (a penalty such as Duck reads −2), from the table the scorer uses.
 */
export function defaultPointsList(type: LeagueTypeCode): string {
  return FEATURES.filter((f) => f.leagueType === type)
    .map((f) => `${f.name} ${signedPoints(f.defaultPoints * f.sign)}`)
    .join(', ');
}

/** The FAQ set (spec §2 FAQ), kept in the database as it is here (`seedFaqs`). Order is display order. */
export const FAQ_ENTRIES: ReadonlyArray<{ question: string; answer: string }> = [
  {
    question: 'What kinds of leagues can I play?',
    answer:
      'There are two league types. In Match Prediction leagues you predict what happens in each fixture: the winning team, the man of the match, the top run scorer, the top wicket taker and similar features. In Player Selection leagues you build a fantasy team of up to 11 real players for each fixture and score points from how they actually perform.',
  },
  {
    question: 'How do I start my own league?',
    answer:
      'Open Start a League, give the league a name and a description (a good place for your house rules), choose the league type and the series, and pick the gamer name other members will see. You become the league admin. A new league starts as a Draft: configure it, then activate it from My Leagues. Once a league is active its setup can no longer be changed, and only a Draft league can be deleted.',
  },
  {
    question: 'What is the difference between a private and a public league?',
    answer:
      'A private league gets a league code, shown in My Leagues. Share the code with your friends; they enter it with their gamer name under Join a League → Private League, and their request waits for the admin to approve it. A public league has no code: anyone can find it with the search under Join a League → Public League and joins immediately. Public leagues are always Match Prediction leagues; private leagues can be of either type.',
  },
  {
    question: 'How does the admin approve or reject members?',
    answer:
      'The admin opens League Members, selects the league and sees every member with their status and email. Pending requests have Approve and Reject buttons. A rejection is final. The admin can also hand the admin role to an approved member with Make Admin; this cannot be undone, and the previous admin becomes a regular member.',
  },
  {
    question: 'What are Daily Challenge leagues?',
    answer:
      'Daily Challenge leagues are public leagues with "Daily Challenge" in their name, created for a single day of cricket. They are listed on your Home page; the Join link takes you straight to the public league search so you can jump in with a gamer name.',
  },
  {
    question: 'What is a gamer name and who sees my real name?',
    answer:
      'Your gamer name is the display name other members see in a league, and you choose it (at least 3 characters) every time you start or join a league. In private leagues, where members know each other, the leaderboard and the selections pages also show full names. Public leagues only ever show gamer names.',
  },
  {
    question: 'When do my picks lock?',
    answer:
      "Picks for a fixture lock at the fixture's scheduled start time, measured by our server clock (UTC), not by your device. From that moment the fixture's rows are disabled and show N/A, and any save that includes a started fixture is refused as a whole. Start times are shown in Eastern Time (ET), so check the time next to each fixture and pick early.",
  },
  {
    question: 'How are points scored in Match Prediction leagues?',
    answer: `Every correct pick earns the points of its feature; a wrong or missing pick scores 0. Unless the league admin changed them, the points are: ${defaultPointsList('MP')}. Before activating a league the admin chooses which features count and how many points each one is worth, between 0 and the maximum allowed for that feature; your league's own points are under How scoring works on My Selections and the Leaderboard. When there is a tie, for example two players finishing level on most runs, every tied answer is a winner and everyone who picked one of them gets the points.`,
  },
  {
    question: 'How do I pick a team in a Player Selection league?',
    answer:
      'For each fixture you choose up to 11 players from the two teams: at most 5 batsmen, 5 bowlers, 3 allrounders and 1 wicketkeeper, and at least one player in total. The admin may set lower counts per position when configuring the league. You cannot pick the same player twice for the same position in one fixture.',
  },
  {
    question: 'How are Player Selection points calculated?',
    answer: `Your players score from their real statistics in the match: each stat earns its points every time it happens, and penalties are deducted. Unless the league admin changed them, the points are: ${defaultPointsList('PS')}. Only the highest batting milestone (30, 50 or 100) and the highest wicket haul count; economy needs 2 overs bowled and strike rate 10 balls faced (bowlers get no strike-rate points). Your league's own points are under How scoring works on My Selections and the Leaderboard. Click your points on the Leaderboard to see the details per fixture, and click a player's points to see exactly which stats earned them. The details can be exported to CSV or Excel.`,
  },
  {
    question: 'What are credits and player prices?',
    answer:
      "A Player Selection league may have a budget, set by its admin between 50 and 200 credits (100 unless the admin chose otherwise): the players you pick for a fixture must cost no more than that in all. Every player in the two squads has a price for the fixture, from 6.0 to 11.0 credits in steps of 0.5, worked out from recent form: the player's points (at the default points) in their latest five matches, blended with what a newcomer in the same position usually scores, at about one credit for every 10 points the player is expected to score. A batsman with no record costs 7.0. A price is set the first time it is needed and is frozen when the fixture starts (the lock), so your team keeps the cost it had when you picked it.",
  },
  {
    question: 'How do the captain and vice-captain score?',
    answer:
      "In a league with a captain and vice-captain, choose both among your picks for each fixture, two different players. Your captain's points count 2× and your vice-captain's 1.5×, unless the admin set other multipliers (between 1 and 3). The result is rounded to a whole point, halves away from zero: a vice-captain on 15 points scores 23, and one on −3 scores −5. A penalty is multiplied too. The score details on the Leaderboard show the working, for example 18 × 2 = 36, and a player's stats there add up to the points before the multiplier.",
  },
  {
    question: 'How many players may I pick from one side?',
    answer:
      'In a league with this rule, at most 7 of your players in a fixture may come from the same team, unless the admin chose another limit (from 1 to 10). A save that breaks it is refused with a message naming the side, and so is a copy to another league that has a lower limit.',
  },
  {
    question: 'What are backups?',
    answer:
      "In a league with backups you may name up to 4 of them for a fixture (the admin chooses how many, from 0 to 4), in the order you want them used. When the fixture starts and the playing XIs are announced, a picked player who is not in their side's XI (nor a named substitute) is replaced by your first backup who is playing, plays the same position, is not already in your team and keeps your team within the league's rules (the budget at the frozen prices and the most players from one side). If the player replaced was your captain or vice-captain, the backup takes over that role. Without an announced XI nobody is replaced. All Selections and the score details show who came in for whom.",
  },
  {
    question: 'Why does my league have no budget, captain or backups?',
    answer:
      "A new Player Selection league starts with the team rules on (100 credits, a captain 2× and a vice-captain 1.5×, at most 7 from one side, 4 backups), and its admin may turn any of them off. Team rules came later than many leagues, and a league created before them keeps playing without them: no budget, no captain or vice-captain, no limit per side and no backups, and its points are worked out exactly as before. The admin of a Draft Player Selection league sets its team rules under My Leagues → Configure, in the first step (Configure Number of Players), and can change them until the league is activated; from then on they are fixed. Your league's rules are listed under How scoring works on My Selections and the Leaderboard.",
  },
  {
    question: "Can I see other members' picks?",
    answer:
      "Only if the league admin switched on Show Other Members' Picks, and only once the fixture has started, so nobody can copy your picks before they lock. Open All Selections, choose the league and the fixture, and you will see everyone's picks with the winners highlighted.",
  },
  {
    question: 'Can I use the same picks in several leagues?',
    answer:
      'Yes. When saving, tick "Copy below picks to my other MP leagues" (or "... other PS leagues" for Player Selection) and your picks for that fixture are copied to your other leagues of the same type.',
  },
  {
    question: 'What are Auto-Picks by AI?',
    answer:
      'If you switch on Enable Auto-Picks by AI in My Profile and miss making your picks for a fixture, picks are made for you automatically before it starts, so a busy day does not cost you a whole round. Picks you made yourself are never replaced.',
  },
  {
    question: 'How do reminder emails work, and how do I stop them?',
    answer:
      'With Get Reminder Emails switched on in My Profile we email you at most once a day when fixtures are coming up and you have not made your picks yet: one email listing each of them, soonest first, with the time its picks lock and the leagues concerned (fixtures about to start when you joined a league are left out: you have just seen them). Once a result is in we send one email with your points for it and your rank in each of your leagues (again if the result is corrected). League admins are also told when someone asks to join their private league, and you are told when the admin decides on your request. Switch it off there at any time, or use the unsubscribe link at the bottom of any email to stop all emails at once.',
  },
  {
    question: 'How do I delete my account?',
    answer:
      'Open My Profile and choose Delete Profile. After you confirm, your account, your personal details and your history are erased permanently and you are signed out; this cannot be undone. If you only want fewer emails, switching off reminders in My Profile is enough.',
  },
];
