import { ESLint } from 'eslint';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..');
// Any file of the server: lintText reads the text given here, the path only picks the config.
const SERVER_FILE = 'apps/server/src/modules/reading/library/library.routes.ts';

/** The `no-restricted-syntax` messages npm run lint gives for `code` as a server file. */
async function restrictions(code) {
  const eslint = new ESLint({ cwd: ROOT });
  const [result] = await eslint.lintText(code, { filePath: join(ROOT, SERVER_FILE) });
  return result.messages.filter((message) => message.ruleId === 'no-restricted-syntax').map((message) => message.message);
}

// The first lint builds the TypeScript program of the whole server: seconds on a busy machine.
describe('npm run lint on request.user (issue 34 §3)', { timeout: 60_000 }, () => {
  it('refuses a non-null assertion on a request’s user', async () => {
    const found = await restrictions(
      'export const idOf = (request: { user: { id: string } | null }) => request.user!.id;\n' +
        'export const userOf = (req: { user: { id: string } | null }) => req.user!;\n',
    );
    expect(found).toHaveLength(2);
    expect(found[0]).toMatch(/No `request\.user!`/);
  });

  it('lets the typed user and a checked one through', async () => {
    const found = await restrictions(
      'export const idOf = (request: { user: { id: string } }) => request.user.id;\n' +
        'export const maybe = (request: { user: { id: string } | null }) => request.user?.id;\n',
    );
    expect(found).toEqual([]);
  });
});
