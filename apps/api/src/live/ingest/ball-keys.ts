import type { BallPosition, LiveBall } from '../feed';
import { stableJson } from './json';

/**
 * How a ball is found and compared: its position key (`innings:over:seq`), its over's key
 * (`innings:over`) and its fingerprint (the batting team and the delivery as stable JSON), which
 * tells a duplicate from a correction.
 */

export function positionKey(position: BallPosition): string {
  return `${position.innings}:${position.over}:${position.seq}`;
}

export const overKey = (innings: number, over: number): string => `${innings}:${over}`;

/** The fingerprint of a ball as received. */
export function ballFingerprint(ball: LiveBall): string {
  return storedBallFingerprint(ball.team, ball.delivery);
}

/** The fingerprint of a ball as stored (its team and its delivery column). */
export function storedBallFingerprint(team: string, delivery: unknown): string {
  return stableJson({ team, d: delivery });
}
