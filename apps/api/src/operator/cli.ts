import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { HttpError } from '../http/errors';
import { type Actor, cliActor } from './access';
import { grantOperator, listOperators, revokeOperator } from './operators';
import { setSeasonActiveByName } from './seasons';

/**
 * The operator commands of the CLI (`cli operator grant|revoke <email>`, `cli operators`,
 * `cli season activate|deactivate <name>`), audited as `cli (<os user>)`. Kept apart from cli.ts
 * (which runs on import) so tests call them as the command line does. Returns the exit code; a refusal
 * (unknown email, last operator, unknown season) is one line on `err` and exit code 1.
 */
export interface CliOut {
  log: (line: string) => void;
  error: (line: string) => void;
}

const consoleOut: CliOut = { log: (l) => console.log(l), error: (l) => console.error(l) };

async function refusalsToExitCode(err: CliOut, fn: () => Promise<number>): Promise<number> {
  try {
    return await fn();
  } catch (e) {
    if (e instanceof HttpError) {
      err.error(e.message);
      return 1;
    }
    throw e;
  }
}

export async function operatorCommand(
  db: Kysely<DB>,
  argv: readonly string[],
  out: CliOut = consoleOut,
  actor: Actor = cliActor(),
): Promise<number | undefined> {
  const [cmd, sub, arg] = argv;
  if (cmd === 'operators' && sub === undefined) {
    const all = await listOperators(db);
    if (all.length === 0) out.log('No operators yet: grant the first with `operator grant <email>`.');
    for (const o of all) out.log(`${o.Email}\t${o.Name}\tsince ${o.GrantedAt}\tgranted by ${o.GrantedBy}`);
    return 0;
  }
  if (cmd === 'operator' && (sub === 'grant' || sub === 'revoke') && arg) {
    return refusalsToExitCode(out, async () => {
      if (sub === 'grant') {
        const { operator, granted } = await grantOperator(db, actor, arg);
        out.log(
          granted
            ? `${operator.Email} (${operator.Name}) is now an operator`
            : `${operator.Email} (${operator.Name}) is already an operator: nothing changed`,
        );
      } else {
        const revoked = await revokeOperator(db, actor, arg);
        out.log(`${revoked.Email} (${revoked.Name}) is no longer an operator`);
      }
      return 0;
    });
  }
  if (cmd === 'season' && (sub === 'activate' || sub === 'deactivate') && arg) {
    return refusalsToExitCode(out, async () => {
      const { season, changed } = await setSeasonActiveByName(db, actor, arg, sub === 'activate');
      out.log(changed ? `${season.Name}: ${sub}d` : `${season.Name}: already ${sub}d, nothing changed`);
      return 0;
    });
  }
  return undefined;
}
