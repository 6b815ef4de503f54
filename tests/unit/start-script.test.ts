// `npm start` tells the truth fast: a taken port stops it in its first second
// with one line naming a free port and how to use it, before anything is
// built or written; otherwise each step says one line.
import { spawnSync } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, mkdtempSync } from "node:fs";
import { createServer, type Server } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
// @ts-expect-error plain JavaScript, run by node before anything is built
import { busyPortMessage, portIsFree } from "../../scripts/free-ports.mjs";
// @ts-expect-error plain JavaScript, run by node before anything is built
import { migrationSummary, seedSummary } from "../../scripts/start.mjs";

const root = path.resolve(__dirname, "../..");
const servers: Server[] = [];

/** Listens on a port the system picks, on 127.0.0.1 as wrangler dev's localhost may. */
async function takenPort(): Promise<number> {
  const server = createServer();
  servers.push(server);
  await new Promise<void>((resolve) => server.listen({ port: 0, host: "127.0.0.1" }, resolve));
  return (server.address() as { port: number }).port;
}

/** A port nothing listens on now. */
async function freePort(): Promise<number> {
  const port = await takenPort();
  await new Promise((resolve) => servers.pop()!.close(resolve));
  return port;
}

afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

/** A copy of the scripts in an empty checkout, so a start that went on could write only there. */
function emptyCheckout(): string {
  const checkout = mkdtempSync(path.join(tmpdir(), "hundpass-start-"));
  mkdirSync(path.join(checkout, "scripts"));
  for (const file of ["start.mjs", "free-ports.mjs", "local-wrangler.sh"]) {
    copyFileSync(path.join(root, "scripts", file), path.join(checkout, "scripts", file));
  }
  return checkout;
}

function run(checkout: string, command: string[], env: Record<string, string>) {
  const started = Date.now();
  const result = spawnSync(command[0]!, command.slice(1), {
    cwd: checkout,
    env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "/tmp", ...env },
    encoding: "utf8",
  });
  return { ...result, ms: Date.now() - started };
}

// Each case starts a shell and node; on a busy 2-core machine that alone can take seconds.
describe("a taken port", { timeout: 20_000 }, () => {
  it("is named with a free one to use instead", async () => {
    const port = await takenPort();
    const message: string = await busyPortMessage("npm start", [{ name: "PORT", port }]);
    const suggested = Number(/start with PORT=(\d+) npm start$/.exec(message)?.[1]);
    expect(message).toMatch(new RegExp(`^Port ${port} is already in use: start with PORT=\\d+ npm start$`));
    expect(suggested).not.toBe(port);
    expect(await portIsFree(suggested)).toBe(true);
  });

  it("stops npm start at once with that one line, before building or writing anything", async () => {
    const port = await takenPort();
    const checkout = emptyCheckout();
    const result = run(checkout, ["node", "scripts/start.mjs"], { PORT: String(port), npm_lifecycle_event: "start" });
    expect(result.status).toBe(1);
    expect(result.stdout).toBe("");
    expect(result.stderr.trim().split("\n")).toEqual([expect.stringMatching(new RegExp(`^Port ${port} is already in use: start with PORT=\\d+ npm start$`))]);
    expect(result.ms).toBeLessThan(5_000);
    expect(existsSync(path.join(checkout, ".wrangler"))).toBe(false);
    expect(existsSync(path.join(checkout, "build"))).toBe(false);
  });

  it("names the stub's port when payments are on", async () => {
    const stubPort = await takenPort();
    const result = run(emptyCheckout(), ["sh", "scripts/local-wrangler.sh", "check"], {
      PORT: String(await freePort()),
      PAYMENTS: "stripe",
      STRIPE_STUB_PORT: String(stubPort),
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(new RegExp(`^Port ${stubPort} is already in use: start with STRIPE_STUB_PORT=\\d+ npm start\\n$`));
  });

  it("stops npm run cron with CRON_PORT's advice", async () => {
    const port = await takenPort();
    const checkout = emptyCheckout();
    const result = run(checkout, ["sh", "scripts/local-wrangler.sh", "cron"], { CRON_PORT: String(port) });
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(new RegExp(`^Port ${port} is already in use: start with CRON_PORT=\\d+ npm run cron\\n$`));
    expect(existsSync(path.join(checkout, ".wrangler"))).toBe(false);
  });
});

describe("the start's own lines", () => {
  it("say how many migrations were applied, or that the database is up to date", () => {
    expect(migrationSummary("✅ No migrations to apply!")).toBe("up to date");
    const table = ["0001_initial.sql", "0002_mail.sql"].flatMap((name) => [`│ ${name} │ ✅ │`, `│ ${name} │ 🕒 │`]).join("\n");
    expect(migrationSummary(table)).toBe("2 new migrations applied");
    expect(migrationSummary("165 migrations applied to a new database\n")).toBe("165 migrations applied to a new database");
  });

  it("keep the seed's own line without the folder", () => {
    expect(seedSummary("Seeded demo data into /x/.wrangler/state (existing rows kept): 8 session types.\n")).toBe("demo data (existing rows kept): 8 session types");
  });
});
