import { defineConfig } from 'vitest/config';
import { svelte } from '@sveltejs/vite-plugin-svelte';

// The page is served by `settlers serve --web web/dist` at `/`; a game lives at `/game/{id}`.
export default defineConfig({
  plugins: [svelte()],
  base: '/',
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: false, target: 'es2022' },
  server: {
    // `npm run dev` talks to a server started with `settlers serve --addr 127.0.0.1:8080`.
    proxy: { '/api': { target: 'http://127.0.0.1:8080', ws: true } },
  },
  test: { include: ['tests/unit/**/*.test.ts'], environment: 'node' },
});
