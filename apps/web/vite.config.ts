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
        writeFileSync(join(assets, `${file}.br`), brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
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
      return [{ tag: 'link', attrs: { rel: 'preload', href: `/${font}`, as: 'font', type: 'font/woff2', crossorigin: '' }, injectTo: 'head' }];
    },
  };
}

const apiTarget = process.env.INKWELL_API_URL ?? 'http://127.0.0.1:3000';

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), tailwindcss(), preloadUiFont(), precompressAssets()],
  server: {
    port: 5173,
    // In development the API runs beside Vite; the browser still sees one origin.
    proxy: {
      '/api': { target: apiTarget },
      '/media': { target: apiTarget },
    },
  },
  // The server's renderer (issue 11 §1) is built to dist-server without a second copy of public/.
  build: { sourcemap: true, target: 'es2022', copyPublicDir: !isSsrBuild },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['test/setup.ts'],
    restoreMocks: true,
  },
}));
