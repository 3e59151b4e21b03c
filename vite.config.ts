import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

/**
 * Small modules every public page shares: one chunk instead of eight of a few hundred bytes, each
 * of which carries its own import/export preamble and request (landing JS budget, issue 18).
 */
const PUBLIC_SHARED =
  /\/app\/(lib\/(links|seo|media|demo-signup|loading)|components\/(layout\/(logo|skip-link)|marketing\/demo-timing|ui\/use-page-loaded))\.tsx?$/;

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  resolve: { alias: { "~": new URL("./app", import.meta.url).pathname } },
  define: { __BUILD_TIME__: JSON.stringify(new Date().toISOString()) },
  build: {
    rolldownOptions: { output: { codeSplitting: { groups: [{ name: "public-shared", test: PUBLIC_SHARED }] } } },
  },
});
