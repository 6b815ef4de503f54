// Imported first by every bench: a bench started with an older `node` (the
// machine's own, say) runs again on the project's Node, the `node` dev
// dependency that npm scripts run on, so its figures are the ones the app
// gets. `node bench/load.mjs` and `npx node bench/load.mjs` then measure the same.
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const projectNode = path.join(root, "node_modules/.bin/node");
const wanted = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")).devDependencies?.node;

if (wanted && process.versions.node !== wanted && existsSync(projectNode)) {
  const result = spawnSync(projectNode, process.argv.slice(1), { stdio: "inherit" });
  process.exit(result.status ?? 1);
}
