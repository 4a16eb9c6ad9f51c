import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const apiTarget = process.env.INKWELL_API_URL ?? 'http://127.0.0.1:3000';

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), tailwindcss()],
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
