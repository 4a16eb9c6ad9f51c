import { randomBytes } from 'node:crypto';
import type { Database } from './db/client';
import { hashPassword } from './lib/passwords';
import { countUsers, insertUser } from './modules/identity/users';

/**
 * On an empty database, one admin with a random password, printed once. There are no default
 * credentials; `npm run user` creates more accounts or resets a password.
 */
export async function createFirstAdmin(db: Database, print: (text: string) => void): Promise<void> {
  if ((await countUsers(db)) > 0) return;
  const password = randomBytes(12).toString('base64url');
  await insertUser(db, {
    email: 'admin@inkwell.local',
    username: 'admin',
    passwordHash: await hashPassword(password),
    role: 'admin',
  });
  print(
    [
      '',
      '┌──────────────────────────────────────────────────────────┐',
      '│ Inkwell created the first admin account. Keep this safe: │',
      '│ it is shown only once.                                   │',
      '└──────────────────────────────────────────────────────────┘',
      '  username: admin',
      '  e-mail:   admin@inkwell.local',
      `  password: ${password}`,
      '  Change it under Profile → Password, or: npm run user -- set-password admin',
      '',
    ].join('\n'),
  );
}
