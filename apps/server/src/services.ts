import type { FastifyInstance } from 'fastify';
import type { AppDeps, AreaBase } from './app-deps';
import { createCatalogueServices } from './areas/catalogue';
import { createAccountDataServices } from './areas/account-data';
import { createIdentityServices } from './areas/identity';
import { createMoneyServices } from './areas/money';
import { createPlatformServices } from './areas/platform';
import { createReadingServices, createRecommendationServices } from './areas/reading';
import { createReadingAppsServices } from './areas/reading-apps';
import { createTeamServices } from './areas/team';
import type { Clock } from './lib/clock';
import { createReaderLanguages } from './lib/i18n';

/**
 * Every service of the app, built from its dependencies area by area (areas/; each area's modules/<area>/CONTEXT.md):
 * buildApp registers their routes. `app` gives them its log and its start and close hooks.
 * Services tell one another of their writes through the domain events, and declare their caches
 * in the registry (decision 0033).
 */
export function createServices(app: FastifyInstance, deps: AppDeps, clock: Clock) {
  const { db } = deps.database;
  const base: AreaBase = {
    app,
    deps,
    config: deps.config,
    db,
    reportsDb: deps.database.reportsDb ?? db,
    clock,
    limiter: deps.limiter,
    // The site's default language is the team's setting, read when a mail or feed is written (after every area is built).
    languages: createReaderLanguages(
      async () => (await team.siteConfig.current()).site.defaultLocale,
      () => team.siteConfig.kept()?.site.defaultLocale,
    ),
  };
  const platform = createPlatformServices(base);
  // The viewers' cache is read through the unlock lookups of the catalogue and the library, not by the routes.
  const { viewerCache, ...identity } = createIdentityServices(base, platform);
  const reading = createReadingServices(base, platform, { viewerCache });
  const team = createTeamServices(base, platform, reading);
  const catalogue = createCatalogueServices(base, platform, { viewerCache }, reading, team);
  const recommendations = createRecommendationServices(base, platform, catalogue);
  const money = createMoneyServices(base, platform, team);
  const accountData = createAccountDataServices(base, platform, identity, money);
  const readingApps = createReadingAppsServices(base, platform, identity, catalogue, reading);
  return {
    ...platform,
    ...identity,
    ...accountData,
    ...reading,
    ...team,
    ...catalogue,
    ...recommendations,
    ...money,
    ...readingApps,
    languages: base.languages,
  };
}
export type AppServices = ReturnType<typeof createServices>;
