import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';

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
 * The modules the app's entry imports (statically, through any depth): every page loads them before
 * it works. Known once the build has read the module graph, before it makes its chunks.
 */
function entryModules(): { plugin: Plugin; has(id: string): boolean } {
  const modules = new Set<string>();
  return {
    has: (id) => modules.has(id),
    plugin: {
      name: 'inkwell-entry-modules',
      apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
      buildEnd() {
        modules.clear();
        const pending = [...this.getModuleIds()].filter((id) => this.getModuleInfo(id)?.isEntry);
        for (let id = pending.pop(); id !== undefined; id = pending.pop()) {
          if (modules.has(id)) continue;
          modules.add(id);
          pending.push(...(this.getModuleInfo(id)?.importedIds ?? []));
        }
      },
    },
  };
}
const entry = entryModules();

const apiTarget = process.env.INKWELL_API_URL ?? 'http://127.0.0.1:3000';

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), tailwindcss(), preloadUiFont(), precompressAssets(), entry.plugin],
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
                    entry.has(id) && /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack)[\\/]/.test(id),
                  priority: 20,
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
