import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { changeBusTarget, createChangeBus } from '../lib/change-bus';
import { createDomainEvents } from '../lib/domain-events';
import { runUserCommand, type UserCommand } from './user-commands';

/**
 * `npm run user`, from the environment to the end: the command runs on the configured database,
 * then its change goes out on the change bus the servers listen to. The servers choose their bus
 * from the same variables (REDIS_URL, else PostgreSQL, else none), so the command reaches them
 * whichever way they listen. Closing the bus waits until the change has left.
 */
export async function runUserCli({
  env,
  command,
  print,
  warn,
}: {
  env: NodeJS.ProcessEnv;
  command: UserCommand;
  print: (line: string) => void;
  warn: (line: string) => void;
}): Promise<void> {
  const config = loadConfig(env);
  const database = await openDatabase(config);
  const changes = createChangeBus(changeBusTarget(config.redisUrl, database), {
    onError: (error) =>
      warn(
        `Could not tell the running servers (${error instanceof Error ? error.message : String(error)}); ` +
          'they see the change once what they keep of the user runs out, within seconds.',
      ),
  });
  try {
    await database.migrate();
    await runUserCommand({ db: database.db, events: createDomainEvents(changes) }, command, print);
  } finally {
    await changes.close();
    await database.close();
  }
}
