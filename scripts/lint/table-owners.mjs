// Each table has one owner (issue 34 §2, decision 0036): the module whose repositories alone
// import its schema from db/schema. Other modules ask the owner's front door for a query, a command
// or a shared SQL predicate (chapters' chapterIsOut, subscriptions' subscriptionRunning…). Used by
// scripts/check-table-owners.mjs (part of `npm run lint`) and by its tests against fixture trees.
import { readFileSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import ts from 'typescript';
import { isTestFile, listFiles } from './import-graph.mjs';

/** Every table of apps/server/src/db/schema → the module under apps/server/src/modules that owns it. */
export const TABLE_OWNERS = {
  // identity
  users: 'users',
  usernameHolds: 'users',
  sessions: 'auth',
  emailChanges: 'auth',
  passwordResetTokens: 'auth',
  pendingRegistrations: 'auth',
  recoveryCodes: 'two-factor',
  deviceKeys: 'device-keys',
  // catalogue
  series: 'series',
  genres: 'genres',
  seriesGenres: 'genres',
  chapters: 'chapters',
  chapterPages: 'chapters',
  seriesEditions: 'series',
  chapterEditions: 'chapters',
  seriesCredits: 'series',
  chapterCredits: 'chapters',
  banners: 'banners',
  imports: 'imports',
  // money
  coinPackages: 'payments',
  purchases: 'payments',
  paymentEvents: 'payments',
  plans: 'subscriptions',
  subscriptions: 'subscriptions',
  coinLedger: 'wallet',
  chapterUnlocks: 'wallet',
  seriesAutoUnlocks: 'wallet',
  chapterRentals: 'wallet',
  seriesGifts: 'payouts',
  seriesPayees: 'payouts',
  revenueAllocations: 'payouts',
  payoutMonths: 'payouts',
  subscriptionAllocations: 'payouts',
  seriesTiers: 'subscriptions',
  tierAllocations: 'payouts',
  payoutAccounts: 'payouts',
  payoutStatements: 'payouts',
  // reading
  bookmarks: 'library',
  readingProgress: 'library',
  libraryVersions: 'library',
  readingPlaces: 'library',
  readerSettings: 'reader-settings',
  seriesReaderSettings: 'reader-settings',
  readingYearShares: 'stats',
  seriesAlsoRead: 'recommendations',
  seriesRelations: 'relations',
  seriesChapterMaps: 'relations',
  comments: 'comments',
  commentReports: 'comments',
  notifications: 'notifications',
  chapterFreeAlerts: 'notifications',
  passAlerts: 'notifications',
  // reading apps
  chapterFiles: 'downloads',
  koreaderPositions: 'koreader',
  // team
  announcements: 'announcements',
  auditLog: 'audit',
  siteConfig: 'site-config',
  dailyViews: 'metrics',
  viewMarks: 'metrics',
  metricsDays: 'metrics',
  metricsClosedRanges: 'metrics',
  metricsClosedSums: 'metrics',
  seriesMembers: 'series-team',
  // platform
  mailOutbox: 'mail',
  pushVapidKeys: 'push',
  pushSubscriptions: 'push',
  pushHeld: 'push',
  pushQuietHours: 'push',
  // Kept by triggers in the writers' transactions (decision 0018), read through db/list-counts.ts.
  listCounts: 'db/list-counts',
};

/**
 * Read models: modules that draw pages or feeds across areas and may join any table (read only),
 * through the predicates the owners export. Everything else asks the owner.
 */
export const READ_MODELS = [
  'catalogue', // series and chapter pages, the home page's shelves
  'metrics', // the team's figures over every area
  'search', // the top bar's results
  'feeds', // RSS/Atom
  'opds', // OPDS 1 catalogues for reading apps
  'opds2', // OPDS 2 publications
  'koreader', // KOReader's sync
  'seo', // sitemaps and page meta for crawlers
  'audit', // names what each entry of the log points at
];

/**
 * Ratchet: `module → table` imports still to move behind the owner's front door. Remove a line once
 * the module asks the owner instead; never add one (make the owner export a query or predicate).
 */
export const NOT_YET_MOVED = [];

const MODULES_MARK = `${sep}modules${sep}`;

/** The tables a file imports from db/schema (named imports and re-exports; `*` for a namespace). */
function schemaImportsOf(file, schemaDir) {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false);
  const found = [];
  for (const node of source.statements) {
    const isImport = ts.isImportDeclaration(node);
    if (!(isImport || ts.isExportDeclaration(node)) || !node.moduleSpecifier || !ts.isStringLiteral(node.moduleSpecifier))
      continue;
    const specifier = node.moduleSpecifier.text;
    if (!specifier.startsWith('.')) continue;
    const target = resolve(file, '..', specifier).replace(/(\/index)?(\.ts|\.js)?$/, '');
    if (target !== schemaDir && !target.startsWith(schemaDir + sep)) continue;
    const bindings = isImport ? node.importClause?.namedBindings : node.exportClause;
    if (!bindings || ts.isNamespaceImport(bindings) || ts.isNamespaceExport(bindings)) {
      found.push('*');
      continue;
    }
    for (const element of bindings.elements) found.push((element.propertyName ?? element.name).text);
  }
  return found;
}

/**
 * Every import of a table by a module that does not own it (outside read models and the ratchet),
 * with the schema's tables that have no owner and ratchet lines that no longer hold. `src` is an
 * apps/server/src tree; tests are left out (they set up any state).
 */
export function checkTableOwners(src, { owners = TABLE_OWNERS, readModels = READ_MODELS, notYetMoved = NOT_YET_MOVED } = {}) {
  const root = resolve(src);
  const schemaDir = join(root, 'db', 'schema');
  const tables = new Set(
    listFiles(schemaDir).flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/^export const (\w+) = pgTable\(/gm)].map((match) => match[1]),
    ),
  );
  const unowned = [...tables].filter((table) => !(table in owners)).sort();
  const gone = Object.keys(owners).filter((table) => !tables.has(table));
  const ratchet = new Set(notYetMoved);
  const used = new Set();
  const trespasses = [];
  for (const file of listFiles(join(root, 'modules')).filter((file) => !isTestFile(file))) {
    // modules/<area>/<module>/…
    const module = file.slice(file.indexOf(MODULES_MARK) + MODULES_MARK.length).split(sep)[1];
    if (readModels.includes(module)) continue;
    for (const name of schemaImportsOf(file, schemaDir)) {
      if (name !== '*' && !tables.has(name)) continue;
      if (owners[name] === module) continue;
      const line = `${module} → ${name}`;
      if (ratchet.has(line)) {
        used.add(line);
        continue;
      }
      trespasses.push({ file: relative(root, file).split(sep).join('/'), module, table: name, owner: owners[name] ?? null });
    }
  }
  const stale = notYetMoved.filter((line) => !used.has(line));
  return { trespasses, unowned, gone, stale };
}
