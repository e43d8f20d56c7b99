import { accountHandlers } from './accounts/handlers';
import { contentHandlers } from './content/handlers';
import { homeHandlers } from './home/handlers';
import type { HandlerMap } from './http/contract';
import { leagueHandlers } from './leagues/handlers';
import { liveHandlers } from './live/handlers';
import { operatorHandlers } from './operator/handlers';
import { pickHandlers } from './picks/handlers';
import { reminderHandlers } from './reminders/handlers';
import { standingsHandlers } from './standings/handlers';
import { vendorHandlers } from './vendors/handlers';

/** Every operation of openapi.yaml, by operationId. Add each area's map here. */
export const handlers: HandlerMap = {
  ...accountHandlers,
  ...contentHandlers,
  ...homeHandlers,
  ...leagueHandlers,
  ...liveHandlers,
  ...operatorHandlers,
  ...pickHandlers,
  ...reminderHandlers,
  ...standingsHandlers,
  ...vendorHandlers,
};
