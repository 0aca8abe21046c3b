import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

const apiServer = `http://localhost:${process.env.API_PORT ?? 3000}`;

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  build: { assetsInlineLimit: 0 },
  server: {
    port: 5173,
    // In development the Vite server renders pages and the product server answers everything else.
    proxy: Object.fromEntries(["/api", "/locales", "/healthz", "/sitemap.xml", "/robots.txt"].map((p) => [p, apiServer])),
  },
});
