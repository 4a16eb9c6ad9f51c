import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';
import { endpointTables, interfaceMessages } from './build/contract-tables.ts';

/**
 * The browser's code and styles sent compressed (issue 11 §1: a phone on 4G waits for every byte):
 * each asset gets its .br and .gz twins at build time, which the server's static files send to a
 * browser that accepts them. Fonts and images are compressed already.
 */
function precompressAssets(): Plugin {
  let outDir = 'dist';
  return {
    name: 'inkwell-precompress-assets',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    configResolved(config) {
      outDir = config.build.outDir;
    },
    closeBundle() {
      const assets = join(outDir, 'assets');
      for (const file of readdirSync(assets)) {
        if (!/\.(js|css|svg|json)$/.test(file)) continue;
        const bytes = readFileSync(join(assets, file));
        if (bytes.length < 1024) continue;
        writeFileSync(
          join(assets, `${file}.br`),
          brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        );
        writeFileSync(join(assets, `${file}.gz`), gzipSync(bytes, { level: 9 }));
      }
    },
  };
}

/**
 * Issue 11 §1: the UI font is self-hosted and preloaded, so text is drawn in it from the first
 * paint instead of swapping in later (a shift). Only the Latin file: the other subsets load when a
 * page needs their characters.
 */
function preloadUiFont(): Plugin {
  return {
    name: 'inkwell-preload-ui-font',
    apply: 'build',
    transformIndexHtml(_html, context) {
      const font = Object.keys(context.bundle ?? {}).find((file) => /inter-latin-wght-normal-[\w-]+\.woff2$/.test(file));
      if (!font) throw new Error('The UI font (inter-latin-wght-normal) is missing from the build');
      return [
        {
          tag: 'link',
          attrs: { rel: 'preload', href: `/${font}`, as: 'font', type: 'font/woff2', crossorigin: '' },
          injectTo: 'head',
        },
      ];
    },
  };
}

/**
 * Issue 40 (phones): the browser's build draws lucide-react's icons with lib/light-icon.ts, which
 * says why; every icon file of the package makes its component with `createLucideIcon`. The server
 * and the unit tests draw lucide's own, the same markup (light-icon.test.tsx).
 */
function lightIcons(): Plugin {
  const light = fileURLToPath(new URL('./src/lib/light-icon.ts', import.meta.url));
  return {
    name: 'inkwell-light-icons',
    enforce: 'pre',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    resolveId(source, importer) {
      if (importer && /[\\/]lucide-react[\\/]/.test(importer) && /(^|\/)createLucideIcon\.mjs$/.test(source)) return light;
      return null;
    },
  };
}

/** lucide-react's index, which re-exports every icon (some two thousand files). */
const ICON_INDEX = /[\\/]lucide-react[\\/]dist[\\/]esm[\\/]lucide-react\.mjs$/;

/**
 * The icons' files by the names lucide-react's index exports them under (`XCircle` and `CircleX`
 * are both ./icons/circle-x.mjs), read from the index's own re-exports.
 */
function iconFilesByName(indexId: string, indexCode: string): Map<string, string> {
  const files = new Map<string, string>();
  for (const [, names = '', file = ''] of indexCode.matchAll(/export\s*\{([^}]*)\}\s*from\s*["']\.\/icons\/([\w-]+\.mjs)["']/g)) {
    for (const name of names.split(','))
      files.set(name.trim().replace(/^default\s+as\s+/, ''), join(indexId, '..', 'icons', file));
  }
  return files;
}

/** The names a module imports from lucide-react, as its (transformed) code writes them. */
function iconNamesOf(code: string): string[] {
  return [...code.matchAll(/import\s*\{([^}]*)\}\s*from\s*["']lucide-react["']/g)].flatMap(([, names = '']) =>
    names
      .split(',')
      .map((name) => name.trim().split(/\s+as\s+/)[0]!)
      .filter(Boolean),
  );
}

/** The pages readers land on, whose shared icons are grouped in one chunk (see `reading-icons` below). */
const READING_PAGES =
  /apps[\\/]web[\\/]src[\\/](app[\\/]home|features[\\/]catalogue[\\/]pages[\\/](series|catalogue)-page|features[\\/]reader[\\/]reader-page)\.tsx$/;

/**
 * The modules the app's entry imports (statically, through any depth): every page loads them before
 * it works; and the icons the reading pages' modules use. Known once the build has read the module
 * graph, before it makes its chunks. Icons are counted by the names the modules import, not through
 * lucide-react's index, which imports them all: else every icon two lazy chunks share (the
 * dashboard's) would join every page's first chunk.
 */
function entryModules(): { plugin: Plugin; has(id: string): boolean; iconGroupOf(id: string): string | null } {
  const modules = new Set<string>();
  const iconGroups = new Map<string, string>();
  return {
    has: (id) => modules.has(id),
    iconGroupOf: (id) => iconGroups.get(id) ?? null,
    plugin: {
      name: 'inkwell-entry-modules',
      apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
      buildEnd() {
        const ids = [...this.getModuleIds()];
        const iconIndex = ids.find((id) => ICON_INDEX.test(id));
        const iconIndexCode = iconIndex ? this.getModuleInfo(iconIndex)?.code : null;
        const iconFiles = iconIndex && iconIndexCode ? iconFilesByName(iconIndex, iconIndexCode) : new Map<string, string>();
        /** What `starts` import statically, through any depth, icons by name. */
        const reach = (starts: string[]): Set<string> => {
          const found = new Set<string>();
          const pending = [...starts];
          for (let id = pending.pop(); id !== undefined; id = pending.pop()) {
            if (found.has(id)) continue;
            found.add(id);
            const info = this.getModuleInfo(id);
            const imported = info?.importedIds ?? [];
            // The index's own helpers (Icon, createLucideIcon), not its icons; those come by name below.
            pending.push(...(id === iconIndex ? imported.filter((file) => !/[\\/]icons[\\/]/.test(file)) : imported));
            if (iconIndex && imported.includes(iconIndex) && info?.code) {
              for (const name of iconNamesOf(info.code)) {
                const file = iconFiles.get(name);
                if (file) pending.push(file);
              }
            }
          }
          return found;
        };
        modules.clear();
        iconGroups.clear();
        for (const id of reach(ids.filter((id) => this.getModuleInfo(id)?.isEntry))) modules.add(id);
        // The icons of the reading pages the entry does not use: those two pages or more use in one
        // chunk, each page's own in one of its own (else each icon a lazy part shares is a file).
        const pagesOf = new Map<string, string[]>();
        for (const page of ids.filter((id) => READING_PAGES.test(id))) {
          const name = `${page.replace(/^.*[\\/]/, '').replace(/\.tsx$/, '')}-icons`;
          for (const id of reach([page])) {
            if (/[\\/]lucide-react[\\/].*[\\/]icons[\\/]/.test(id) && !modules.has(id))
              pagesOf.set(id, [...(pagesOf.get(id) ?? []), name]);
          }
        }
        for (const [id, pages] of pagesOf) iconGroups.set(id, pages.length >= 2 ? 'reading-icons' : pages[0]!);
      },
    },
  };
}
const entry = entryModules();

/** What the build's manifest (dist/.vite/manifest.json) says of each chunk. */
interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  css?: string[];
  assets?: string[];
}

/** The dashboard's pages and frame: readers never run them, so they are not kept for offline use. */
const TEAM_ONLY = /^src\/(features\/dashboard\/|app\/layouts\/team-layout)/;

/**
 * Issue 33 §1: the files the service worker keeps at install, so the app works offline wherever a
 * reader goes: the entry, every route and lazy part a reader can reach (what they import, their
 * styles and fonts), the public icons. Left out: the dashboard's code (~1 MB with its editor and
 * charts; the team works online), .woff fonts beside their .woff2, source maps.
 */
export function appShellFiles(manifest: Record<string, ManifestChunk>, publicFiles: string[]): string[] {
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(`/${chunk.file}`)) return;
    files.add(`/${chunk.file}`);
    for (const file of [...(chunk.css ?? []), ...(chunk.assets ?? [])]) if (!file.endsWith('.woff')) files.add(`/${file}`);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const [key, chunk] of Object.entries(manifest)) {
    if (chunk.isEntry || (chunk.isDynamicEntry && !TEAM_ONLY.test(chunk.src ?? key))) visit(key);
  }
  return [...publicFiles.map((file) => `/${file}`), ...[...files].sort()];
}

/**
 * Writes the app's files (appShellFiles) and their version into the built sw.js, so the worker
 * keeps them at install and a new build, whose files have new names, is a new worker.
 */
function precacheAppShell(): Plugin {
  let outDir = 'dist';
  let publicDir = 'public';
  return {
    name: 'inkwell-precache-app-shell',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    configResolved(config) {
      outDir = config.build.outDir;
      publicDir = config.publicDir;
    },
    closeBundle() {
      const manifest = JSON.parse(readFileSync(join(outDir, '.vite', 'manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
      // The icons and the menu's pictures; not the worker itself, nor the ad frame's script (frames go to the network).
      const publicFiles = readdirSync(publicDir, { recursive: true, withFileTypes: true })
        .filter((entry) => entry.isFile())
        .map((entry) => relative(publicDir, join(entry.parentPath, entry.name)).split('\\').join('/'))
        .filter((file) => file !== 'sw.js' && !file.startsWith('ads/'))
        .sort();
      const files = appShellFiles(manifest, publicFiles);
      const version = createHash('sha256').update(files.join('\n')).digest('hex').slice(0, 12);
      const worker = join(outDir, 'sw.js');
      const placeholder = "const APP_SHELL = { version: 'dev', files: [] };";
      const source = readFileSync(worker, 'utf8');
      if (!source.includes(placeholder)) throw new Error(`sw.js has lost its line "${placeholder}"`);
      writeFileSync(
        worker,
        source.replace(placeholder, () => `const APP_SHELL = ${JSON.stringify({ version, files })};`),
      );
    },
  };
}

/** react-router's production build, beside the development one its package's exports name. */
const reactRouterProduction = fileURLToPath(new URL('../production/index.mjs', import.meta.resolve('react-router')));

const apiTarget = process.env.INKWELL_API_URL ?? 'http://127.0.0.1:3000';

export default defineConfig(({ command, isSsrBuild }) => ({
  plugins: [
    react(),
    tailwindcss(),
    interfaceMessages(),
    endpointTables(),
    preloadUiFont(),
    precompressAssets(),
    precacheAppShell(),
    lightIcons(),
    entry.plugin,
  ],
  resolve: {
    // The browser's build only: the server renders with React, and the unit tests run React.
    alias:
      command !== 'build' || isSsrBuild
        ? []
        : [
            // Issue 40: react-router's package sends bundlers its development build (its exports know no
            // other), whose warnings cost the browser ~1 kB gzip; the production build is the same code without them.
            { find: /^react-router$/, replacement: reactRouterProduction },
            // Issue 40, decision 0048: the browser runs Preact's compat layer where the server renders with React,
            // and draws over the server's markup rather than hydrating it (lib/preact/client.ts says why).
            { find: /^react-dom\/client$/, replacement: fileURLToPath(new URL('./src/lib/preact/client.ts', import.meta.url)) },
            { find: /^react\/jsx-(dev-)?runtime$/, replacement: 'preact/jsx-runtime' },
            { find: /^react(-dom)?$/, replacement: 'preact/compat' },
          ],
  },
  server: {
    port: 5173,
    // In development the API runs beside Vite; the browser still sees one origin.
    proxy: {
      '/api': { target: apiTarget },
      '/media': { target: apiTarget },
      // The reading apps' protocols and files (issue 19), on the site's own origin.
      '/opds': { target: apiTarget },
      '/koreader': { target: apiTarget },
      '/download': { target: apiTarget },
      '/feeds': { target: apiTarget },
      // The sandboxed frame ads run in (issue 20 §3).
      '/ad-frame': { target: apiTarget },
    },
  },
  // The server's renderer (issue 11 §1) is built to dist-server without a second copy of public/.
  build: {
    sourcemap: true,
    target: 'es2022',
    copyPublicDir: !isSsrBuild,
    // Which chunks each page loads (npm run bench:js); the server does not serve it.
    manifest: !isSsrBuild,
    rolldownOptions: {
      output: {
        // Issue 11 §1: a phone on HTTP/1.1 opens six connections; fifty small chunks before the page's
        // images are fifty round trips. The libraries every page runs, and the small modules the
        // reading pages share, are grouped; each page's own code (and the dashboard's) stays apart.
        codeSplitting: isSsrBuild
          ? undefined
          : {
              groups: [
                {
                  name: 'framework',
                  test: (id) =>
                    entry.has(id) && /node_modules[\\/](react|react-dom|scheduler|preact|react-router|@tanstack)[\\/]/.test(id),
                  priority: 20,
                },
                {
                  // The icons of the reading pages (a chapter's and a series' page, lists, home) that the entry
                  // does not use: those they share in one chunk, each page's own in another, not a file per
                  // icon a lazy part also draws; the dashboard's stay with it.
                  name: (id) => entry.iconGroupOf(id),
                  debugName: 'reading-icons',
                  // After `shared`, which takes the icons' runtime (the entry's) that a group would pull in with its icons.
                  priority: 5,
                },
                {
                  // The app's modules every page runs (the entry's), with the contract's zod-free parts: what
                  // only lazy chunks share (a lock panel's unlock dialog) stays with them, not loaded by every page.
                  // Only modules without zod: schemas built as the first chunk loads would trip the CSP (see contract's ad-pages.ts).
                  name: 'shared',
                  test: (id) =>
                    entry.has(id) &&
                    /apps[\\/]web[\\/]src[\\/]|node_modules[\\/]lucide-react[\\/]|packages[\\/]contract[\\/]src[\\/](ad-pages|constants|error-codes|routes|series-status)\.ts$/.test(
                      id,
                    ),
                  minShareCount: 2,
                  priority: 10,
                },
              ],
            },
      },
    },
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['test/setup.ts'],
    restoreMocks: true,
  },
}));
