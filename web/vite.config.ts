import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { actionInputsPlugin } from './action-inputs.plugin.ts';
import { firstReadsPlugin } from './first-reads.plugin.ts';

/**
 * The web application: built into dist/web, which the service serves at / (npm start builds
 * it first when its sources changed). `npm run dev` serves it with hot reload on 5173 and
 * passes everything the service answers to the service on SERVICE_URL (default :3000).
 */
const service = process.env.SERVICE_URL ?? 'http://127.0.0.1:3000';
const proxied = [
  '/api',
  '/auth',
  '/sso',
  '/files',
  '/pay',
  '/invoices',
  '/receipts',
  '/docs',
  '/openapi.json',
];

export default defineConfig({
  root: import.meta.dirname,
  plugins: [react(), actionInputsPlugin(), firstReadsPlugin()],
  build: {
    outDir: '../dist/web',
    emptyOutDir: true,
    sourcemap: true,
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      output: {
        // What the first page needs comes as one file, not as a handful of pieces shared with
        // the pages loaded later (each piece is one more request on a slow connection).
        codeSplitting: { groups: [{ name: 'app', tags: ['$initial'] }] },
      },
    },
  },
  server: {
    port: 5173,
    proxy: Object.fromEntries(proxied.map((path) => [path, { target: service, changeOrigin: false }])),
  },
});
