import type { PartialHandlerMap } from '../http/contract';
import { HttpError } from '../http/errors';
import { VENDORS } from './connection';
import { vendorSyncFor } from './sync';
import { requireOperator } from '../operator/access';
import {
  clearVendorCredentials,
  importVendorCompetition,
  knownVendor,
  setVendorCredentials,
  setVendorSettings,
  vendorCompetitions,
  vendorMessages,
  vendorStatus,
  vendorStatuses,
} from './console';

type VendorOps =
  | 'listVendors'
  | 'setVendorCredentials'
  | 'clearVendorCredentials'
  | 'setVendorSettings'
  | 'listVendorCompetitions'
  | 'importVendorCompetition'
  | 'runVendorSync';

/** Operator operations: the data vendors (vendors/console.ts, vendors/sync.ts). */
export const vendorHandlers: PartialHandlerMap<VendorOps> = {
  async listVendors({ session, deps }) {
    await requireOperator(deps.db, session);
    return { status: 200, body: await vendorStatuses(deps.db, deps.config) };
  },

  async setVendorCredentials({ params, body, session, deps }) {
    const actor = await requireOperator(deps.db, session);
    const vendor = knownVendor(params.vendor);
    return {
      status: 200,
      body: await setVendorCredentials(deps.db, deps.config, actor, vendor, body, { log: deps.log }),
    };
  },

  async clearVendorCredentials({ params, session, deps }) {
    const actor = await requireOperator(deps.db, session);
    return { status: 200, body: await clearVendorCredentials(deps.db, deps.config, actor, knownVendor(params.vendor)) };
  },

  async setVendorSettings({ params, body, session, deps }) {
    const actor = await requireOperator(deps.db, session);
    return {
      status: 200,
      body: await setVendorSettings(deps.db, deps.config, actor, knownVendor(params.vendor), body),
    };
  },

  async listVendorCompetitions({ params, session, deps }) {
    await requireOperator(deps.db, session);
    const vendor = knownVendor(params.vendor);
    return { status: 200, body: await vendorCompetitions(deps.db, deps.config, vendor, { log: deps.log }) };
  },

  async importVendorCompetition({ params, body, session, deps }) {
    const actor = await requireOperator(deps.db, session);
    const vendor = knownVendor(params.vendor);
    return {
      status: 200,
      body: await importVendorCompetition(deps.db, deps.config, actor, vendor, body.CompetitionID, body.Apply, {
        log: deps.log,
      }),
    };
  },

  async runVendorSync({ params, session, deps }) {
    await requireOperator(deps.db, session);
    const vendor = knownVendor(params.vendor);
    const status = await vendorStatus(deps.db, deps.config, vendor);
    if (!status.Competition || !status.Sync)
      throw new HttpError(400, vendorMessages.noCompetitionChosen(VENDORS[vendor].title));
    await vendorSyncFor(deps.db, deps.config, { log: deps.log, provider: { log: deps.log } }).run(vendor, true);
    return { status: 200, body: await vendorStatus(deps.db, deps.config, vendor) };
  },
};
