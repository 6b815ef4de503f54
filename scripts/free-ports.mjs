#!/usr/bin/env node
// Checks, before anything is built or written, that the local ports a
// command is about to listen on are free, and otherwise stops with one line
// that names a free one:
//   node scripts/free-ports.mjs "npm start" PORT=8787 STRIPE_STUB_PORT=12111
//   → Port 8787 is already in use: start with PORT=8790 npm start
import { createServer } from "node:net";
import { pathToFileURL } from "node:url";

/** Hosts a local server here may bind: wrangler dev listens on localhost, which is either. */
const HOSTS = ["127.0.0.1", "::1"];

/** Whether nothing listens on `port` at `host` (a host this machine lacks counts as free). */
function freeOn(port, host) {
  return new Promise((resolve) => {
    const server = createServer();
    server.unref();
    server.once("error", (error) => resolve(error.code === "EADDRNOTAVAIL" || error.code === "EAFNOSUPPORT"));
    server.listen({ port, host, exclusive: true }, () => server.close(() => resolve(true)));
  });
}

export async function portIsFree(port) {
  for (const host of HOSTS) if (!(await freeOn(port, host))) return false;
  return true;
}

/** The first free port after `port`, skipping the ones in `taken` (the command's other ports). */
export async function nextFreePort(port, taken = new Set()) {
  for (let candidate = port + 3; candidate < Math.min(port + 200, 65536); candidate++) {
    if (!taken.has(candidate) && (await portIsFree(candidate))) return candidate;
  }
  return undefined;
}

/**
 * The line to stop with for the first of `ports` ({ name, port }) that is
 * taken, or undefined when all are free.
 */
export async function busyPortMessage(command, ports) {
  const wanted = new Set(ports.map(({ port }) => port));
  for (const { name, port } of ports) {
    if (await portIsFree(port)) continue;
    const other = await nextFreePort(port, wanted);
    return other === undefined
      ? `Port ${port} is already in use: stop what listens there, or start with ${name}=<another port> ${command}`
      : `Port ${port} is already in use: start with ${name}=${other} ${command}`;
  }
  return undefined;
}

/** `NAME=port` arguments, in order. */
export function parsePortArguments(args) {
  return args.map((arg) => {
    const match = /^([A-Z_]+)=(\d{1,5})$/.exec(arg);
    if (!match || Number(match[2]) > 65535) throw new Error(`not a NAME=port argument: ${arg}`);
    return { name: match[1], port: Number(match[2]) };
  });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const [command = "npm start", ...rest] = process.argv.slice(2);
  const message = await busyPortMessage(command, parsePortArguments(rest));
  if (message) {
    console.error(message);
    process.exit(1);
  }
}
