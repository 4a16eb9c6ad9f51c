import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';

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
  plugins: [react(), tailwindcss(), preloadUiFont()],
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
