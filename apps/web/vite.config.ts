import path from 'node:path';
import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  // Explicit so the alias also resolves when Vite runs inside the API process (npm run dev).
  resolve: { alias: { '~': path.resolve(import.meta.dirname, 'app') } },
  build: { assetsInlineLimit: 0 },
  ssr: { noExternal: ['@facet/contracts'] },
});
