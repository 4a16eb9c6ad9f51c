import { RuleTester } from 'eslint';
import { ESLint } from 'eslint';
import { join } from 'node:path';
import tseslint from 'typescript-eslint';
import { afterAll, describe, expect, it } from 'vitest';
import { forbiddenReason, serverModulesRule, serverPlace } from './server-modules.js';

RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;
RuleTester.afterAll = afterAll;

const SRC = '/repo/apps/server/src';
const tester = new RuleTester({ languageOptions: { parser: tseslint.parser } });
// Which layer refuses what, and why, is checked on forbiddenReason below; here, that the rule reports it.
const error = () => ({ messageId: 'forbidden' });

tester.run('inkwell-server/modules', serverModulesRule, {
  valid: [
    // A module's own files, another module's front door, and the layers below.
    {
      filename: `${SRC}/modules/catalogue/catalogue/catalogue.service.ts`,
      code: "import { toCard } from './catalogue.presenter';",
    },
    {
      filename: `${SRC}/modules/catalogue/catalogue/catalogue.service.ts`,
      code: "import { chapterAccess } from '../../identity/access';",
    },
    {
      filename: `${SRC}/modules/catalogue/catalogue/catalogue.service.ts`,
      code: "import { chapterAccess } from '../../identity/access/index';",
    },
    {
      filename: `${SRC}/modules/catalogue/catalogue/catalogue.service.ts`,
      code: "import { AppError } from '../../../lib/app-error';",
    },
    {
      filename: `${SRC}/modules/catalogue/catalogue/catalogue.service.ts`,
      code: "import type { Database } from '../../../db/client';",
    },
    {
      filename: `${SRC}/modules/catalogue/catalogue/catalogue.service.ts`,
      code: "import type { Config } from '../../../config';",
    },
    // Entry points and plugins compose modules through their front doors.
    { filename: `${SRC}/app.ts`, code: "import { catalogueRoutes } from './modules/catalogue/catalogue';" },
    { filename: `${SRC}/plugins/auth.ts`, code: "import { viewerOf } from '../modules/identity/access';" },
    { filename: `${SRC}/cli/user-commands.ts`, code: "import { findUserByLogin } from '../modules/identity/users';" },
    // Tests may reach inside any module to set up state.
    {
      filename: `${SRC}/modules/money/store/store.test.ts`,
      code: "import { insertChapters } from '../../catalogue/chapters/chapters.repository';",
    },
    // Files outside the server are not its business.
    { filename: '/repo/apps/web/src/main.tsx', code: "import { x } from '../../server/src/modules/access/access';" },
  ],
  invalid: [
    {
      filename: `${SRC}/modules/catalogue/catalogue/catalogue.service.ts`,
      code: "import { findSeriesBySlug } from '../series/series.repository';",
      errors: [error('modules/catalogue')],
    },
    {
      filename: `${SRC}/modules/reading/library/library.service.ts`,
      code: "import type { UnlockLookup } from '../../money/store/unlock-lookup';",
      errors: [error('modules/library')],
    },
    {
      filename: `${SRC}/modules/catalogue/genres/genres.routes.ts`,
      code: "export { toGenre } from '../catalogue/catalogue.presenter';",
      errors: [error('modules/genres')],
    },
    {
      filename: `${SRC}/modules/catalogue/genres/genres.routes.ts`,
      code: "const m = import('../catalogue/catalogue.service');",
      errors: [error('modules/genres')],
    },
    {
      filename: `${SRC}/app.ts`,
      code: "import { createStoreService } from './modules/money/store/store.service';",
      errors: [error('entry')],
    },
    {
      filename: `${SRC}/plugins/auth.ts`,
      code: "import { viewerOf } from '../modules/identity/access/viewer';",
      errors: [error('plugins')],
    },
    // Lower layers never look up.
    { filename: `${SRC}/lib/endpoint.ts`, code: "import { isTeam } from '../modules/identity/access';", errors: [error('lib')] },
    { filename: `${SRC}/db/client.ts`, code: "import { seedDemoStore } from '../demo/seed-store';", errors: [error('db')] },
    { filename: `${SRC}/config.ts`, code: "import { authPlugin } from './plugins/auth';", errors: [error('config')] },
    {
      filename: `${SRC}/modules/platform/ads/ads.routes.ts`,
      code: "import { authPlugin } from '../../../plugins/auth';",
      errors: [error('modules/ads')],
    },
    {
      filename: `${SRC}/modules/platform/ads/ads.routes.ts`,
      code: "import { buildApp } from '../../../app';",
      errors: [error('modules/ads')],
    },
  ],
});

describe('the layers', () => {
  const place = (path) => serverPlace(`${SRC}/${path}`);
  it('tells a module from its front door, and the layers apart', () => {
    expect(place('modules/catalogue/series/series.repository.ts')).toEqual({ layer: 'module', module: 'series', inner: true });
    expect(place('modules/catalogue/series/index.ts')).toEqual({ layer: 'module', module: 'series', inner: false });
    expect(place('modules/catalogue/series')).toEqual({ layer: 'module', module: 'series', inner: false });
    expect(place('modules/catalogue')).toEqual({ layer: 'area', area: 'catalogue' });
    expect(place('lib/endpoint.ts')).toEqual({ layer: 'lib' });
    expect(place('demo/seed-store.ts')).toEqual({ layer: 'entry' });
    expect(place('config.ts')).toEqual({ layer: 'config' });
    expect(serverPlace('/repo/apps/server/bench/run.ts')).toEqual({ layer: 'entry' });
    expect(serverPlace('/repo/apps/web/src/main.tsx')).toBeNull();
  });

  it('says what to do instead', () => {
    expect(
      forbiddenReason(
        place('modules/catalogue/catalogue/catalogue.service.ts'),
        place('modules/catalogue/series/series.repository.ts'),
      ),
    ).toMatch(/import modules\/series \(its index\.ts\) instead/);
    expect(forbiddenReason(place('lib/endpoint.ts'), place('modules/identity/access'))).toMatch(/below every module/);
    expect(forbiddenReason(place('modules/platform/ads/ads.routes.ts'), place('plugins/auth.ts'))).toMatch(/below plugins/);
    expect(
      forbiddenReason(place('modules/catalogue/catalogue/catalogue.service.ts'), place('modules/catalogue/series')),
    ).toBeNull();
  });
});

describe('npm run lint', () => {
  it('turns the rule on for every file of the server', async () => {
    const eslint = new ESLint({ cwd: join(import.meta.dirname, '..', '..') });
    for (const file of [
      'apps/server/src/modules/catalogue/catalogue/catalogue.service.ts',
      'apps/server/src/app.ts',
      'apps/server/src/lib/endpoint.ts',
      'apps/server/bench/run.ts',
    ]) {
      const config = await eslint.calculateConfigForFile(file);
      expect(config.rules['inkwell-server/modules']).toEqual([2]);
    }
  });
});
