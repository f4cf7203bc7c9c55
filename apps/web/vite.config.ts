import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const api = process.env.ATELIER_API ?? 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [react()],
  build: { outDir: 'dist', sourcemap: true, chunkSizeWarningLimit: 800 },
  server: { proxy: { '/api': api, '/trpc': api } },
});
