import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { vitePlugin as remix } from "@remix-run/dev";
import license from "rollup-plugin-license";
import { defineConfig, type Plugin } from "vite";

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
    // Rollup writes "$", "[" and "]" of a file name as "_" ("kalender.$token.hundpass[.ics]" → "kalender._token.hundpass_.ics_").
    .map((file) => file.replace(/\.tsx?$/, "").replace(/[$[\]]/g, "_")),
);

/**
 * Flurre's chat panel is loaded on its first opening with a dynamic import
 * (and the launcher's clearance, launcher-clearance.ts, once the page has
 * hydrated; it needs nothing the page has not loaded either).
 * Vite wraps every such import in a helper that preloads the chunk's
 * dependencies, and that helper would then sit in every page's first load
 * (about 0.6 kB gzipped) for a chat most visitors never open. The panel's
 * dependencies are already loaded by the page, so its import goes without
 * the helper: Vite only wraps an import whose argument starts with a quote,
 * and the brackets added here (after TypeScript is compiled, before that
 * step) change nothing for Rollup, which still splits the chunk off.
 */
const lazyWithoutPreload: Plugin = {
  name: "hundpass:flurre-panel-without-preload",
  enforce: "post",
  apply: "build",
  transform(code, id) {
    if (!id.endsWith("/app/components/flurre/flurre-host.tsx")) return null;
    const out = code.replace(/import\((["'])\.\/flurre-panel\1\)/, 'import(("./flurre-panel"))');
    if (out === code) this.error("the chat panel's dynamic import was not found");
    const clear = out.replace(/import\((["'])\.\/launcher-clearance\1\)/, 'import(("./launcher-clearance"))');
    if (clear === out) this.error("the launcher clearance's dynamic import was not found");
    return { code: clear, map: null };
  },
};

/**
 * The notices of the third-party code in the browser's JavaScript, in one
 * file served at /third-party-licenses.txt (client build only), instead of a
 * copy of each in every chunk: the minifier drops legal comments below.
 */
const thirdPartyLicenses: Plugin = {
  ...(license({
    thirdParty: {
      includePrivate: false,
      output: { file: fileURLToPath(new URL("./build/client/third-party-licenses.txt", import.meta.url)) },
    },
  }) as Plugin),
  apply: (_config, env) => env.command === "build" && !env.isSsrBuild,
};

export default defineConfig(({ isSsrBuild }) => ({
  resolve: { alias: { "~": new URL("./app", import.meta.url).pathname } },
  // Legal comments go to /third-party-licenses.txt (thirdPartyLicenses), not into every chunk.
  esbuild: { legalComments: "none" },
  build: {
    target: "es2022",
    // The browser's code through terser (two compress passes): about 3 kB gzipped less per page than esbuild's
    // minifier (bench/README.md). The worker's own build stays unminified, its stack traces readable.
    ...(isSsrBuild ? {} : { minify: "terser" as const, terserOptions: { compress: { passes: 2 }, format: { comments: false } } }),
    rollupOptions: {
      onwarn(warning, warn) {
        const chunk = warning.code === "EMPTY_BUNDLE" ? /"(.+)"/.exec(warning.message)?.[1] : undefined;
        if (chunk !== undefined && resourceRouteChunks.has(chunk)) return;
        warn(warning);
      },
    },
  },
  plugins: [
    lazyWithoutPreload,
    thirdPartyLicenses,
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
}));
