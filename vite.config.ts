import { readdirSync, readFileSync } from "node:fs";
import { vitePlugin as remix } from "@remix-run/dev";
import { defineConfig } from "vite";

declare module "@remix-run/cloudflare" {
  interface Future {
    v3_singleFetch: true;
  }
}

const routesDir = new URL("./app/routes/", import.meta.url);

/**
 * Resource routes (a loader or action, no component) have nothing to send to
 * the browser, so Remix's client build gives each an empty chunk on purpose.
 * Their names, as Rollup prints them ("dev.mail_._id.attachment._index").
 */
const resourceRouteChunks = new Set(
  readdirSync(routesDir)
    .filter((file) => /\.tsx?$/.test(file) && !/^export default/m.test(readFileSync(new URL(file, routesDir), "utf8")))
    .map((file) => file.replace(/\.tsx?$/, "").replaceAll("$", "_")),
);

export default defineConfig({
  resolve: { alias: { "~": new URL("./app", import.meta.url).pathname } },
  build: {
    target: "es2022",
    rollupOptions: {
      onwarn(warning, warn) {
        const chunk = warning.code === "EMPTY_BUNDLE" ? /"(.+)"/.exec(warning.message)?.[1] : undefined;
        if (chunk !== undefined && resourceRouteChunks.has(chunk)) return;
        warn(warning);
      },
    },
  },
  plugins: [
    remix({
      future: {
        v3_fetcherPersist: true,
        v3_relativeSplatPath: true,
        v3_throwAbortReason: true,
        v3_singleFetch: true,
        v3_lazyRouteDiscovery: true,
        v3_routeConfig: true,
      },
    }),
  ],
});
