import path from 'node:path';
import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  // Explicit so the alias also resolves when Vite runs inside the API process (npm run dev).
  resolve: { alias: { '~': path.resolve(import.meta.dirname, 'app') } },
  build: {
    assetsInlineLimit: 0,
    rollupOptions: {
      output: {
        // Many one-kilobyte modules shared by every page (helpers, stores, icons) travel as one
        // file: each request costs about a kilobyte of headers on its own.
        codeSplitting: {
          groups: [
            {
              name: 'shared',
              test: /apps[\\/]web[\\/]app[\\/](lib|components[\\/]ui[\\/](breadcrumb|json-ld|chip-radio-group)|components[\\/](was-price|wish-heart|add-to-cart-button|icons)|features[\\/]layout[\\/]menu-status)|packages[\\/]contracts[\\/]src[\\/](constants|paths|patterns|messages|center-fit|money|metals|grades|nav|store-facts|stars|ring-size)\.ts|lucide-react|node_modules[\\/](react|react-dom|scheduler)[\\/]/,
              minShareCount: 2,
            },
          ],
        },
      },
    },
  },
  ssr: { noExternal: ['@facet/contracts'] },
});
