import type { FixturePrice, FixturePrices } from '../../../data/operator/types';

/** Test and story data for the price screen, shaped by the contract (FixturePrices in openapi.yaml). */
export function makePrice(over: Partial<FixturePrice> = {}): FixturePrice {
  return {
    PlayerID: 4,
    PlayerName: 'Virat Kohli',
    TeamCode: 'RCB',
    PositionName: 'Batsman',
    Price: 9,
    Source: 'form',
    ...over,
  };
}

export function makePrices(over: Partial<FixturePrices> = {}): FixturePrices {
  return {
    FixtureID: 104,
    FixtureName: 'Match 4',
    Frozen: false,
    Players: [
      makePrice({ PlayerID: 1, PlayerName: 'MS Dhoni', TeamCode: 'CSK', PositionName: 'Wicketkeeper', Price: 7.5 }),
      makePrice({ PlayerID: 2, PlayerName: 'Ruturaj Gaikwad', TeamCode: 'CSK', PositionName: 'Batsman', Price: 8.5 }),
      makePrice({
        PlayerID: 3,
        PlayerName: 'Matheesha Pathirana',
        TeamCode: 'CSK',
        PositionName: 'Bowler',
        Price: 11,
        Source: 'operator',
      }),
      makePrice({ PlayerID: 5, PlayerName: 'Dinesh Karthik', TeamCode: 'RCB', PositionName: 'Wicketkeeper', Price: 7 }),
      makePrice(),
      makePrice({ PlayerID: 6, PlayerName: 'Mohammed Siraj', TeamCode: 'RCB', PositionName: 'Bowler', Price: 8 }),
    ],
    ...over,
  };
}
