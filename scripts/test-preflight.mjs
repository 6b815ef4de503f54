#!/usr/bin/env node
// The first step of `npm test`: the end-to-end tests drive a real Chromium,
// and the HTML check runs the Nu Html Checker on Java. On a fresh Debian or
// Ubuntu machine this installs what is missing (as root, or with sudo that
// needs no password); otherwise it stops at once with one line that says
// what to run. CHROMIUM_PATH names another Chromium binary; without it the
// tests drive Debian's headless shell (scripts/chromium.mjs), or the full
// browser where the shell cannot be installed.
import { execFileSync, spawnSync } from "node:child_process";
import { pathToFileURL } from "node:url";
import { chromiumPath, HEADLESS_SHELL, isExecutable } from "./chromium.mjs";

/** Debian packages for each missing tool. */
const PACKAGES = { chromium: "chromium-headless-shell", java: "default-jre-headless" };

/**
 * What to do, from the machine's facts: nothing, install (with or without
 * sudo), or stop with a one-line message. `chromiumFound` is whether the
 * Chromium the tests would drive now is there (`chromiumPath`);
 * `headlessShellFound` whether that one is Debian's headless shell.
 * @param {{ chromiumPath: string, chromiumFound: boolean, chromiumFromEnv: boolean, headlessShellFound: boolean, javaFound: boolean, aptGet: boolean, root: boolean, sudo: boolean }} facts
 */
export function planPreflight(facts) {
  // A Chromium named by CHROMIUM_PATH is the user's to fix, not ours to install.
  if (facts.chromiumFromEnv && !facts.chromiumFound) {
    return { action: "stop", message: `CHROMIUM_PATH=${facts.chromiumPath} is not an executable file: point it at Chromium, or unset it to use ${HEADLESS_SHELL}.` };
  }
  const canInstall = facts.aptGet && (facts.root || facts.sudo);
  const missing = [];
  // The full browser serves when the shell cannot be installed here.
  if (!facts.chromiumFromEnv && !facts.headlessShellFound && (canInstall || !facts.chromiumFound)) missing.push("chromium");
  if (!facts.javaFound) missing.push("java");
  if (missing.length === 0) return { action: "none" };
  const packages = missing.map((tool) => PACKAGES[tool]);
  const names = missing.map((tool) => (tool === "chromium" ? "Chromium's headless shell" : "Java")).join(" and ");
  const command = `apt-get install -y ${packages.join(" ")}`;
  if (canInstall) {
    return { action: "install", sudo: !facts.root, packages, message: `Installing ${names} for the end-to-end tests: ${facts.root ? "" : "sudo "}${command}` };
  }
  return {
    action: "stop",
    message: `The end-to-end tests need ${names}: run \`sudo apt-get update && sudo ${command}\` (or set CHROMIUM_PATH to a Chromium binary), then npm test again.`,
  };
}

const succeeds = (command, args) => spawnSync(command, args, { stdio: "ignore" }).status === 0;

function machineFacts(env = process.env) {
  const path = chromiumPath(env);
  return {
    chromiumPath: path,
    chromiumFromEnv: Boolean(env.CHROMIUM_PATH),
    chromiumFound: isExecutable(path),
    headlessShellFound: path === HEADLESS_SHELL && isExecutable(HEADLESS_SHELL),
    javaFound: succeeds("java", ["-version"]),
    aptGet: succeeds("sh", ["-c", "command -v apt-get"]),
    root: typeof process.getuid === "function" && process.getuid() === 0,
    sudo: succeeds("sudo", ["-n", "true"]),
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const plan = planPreflight(machineFacts());
  if (plan.action === "stop") {
    console.error(plan.message);
    process.exit(1);
  }
  if (plan.action === "install") {
    console.log(plan.message);
    const sudo = plan.sudo ? ["sudo"] : [];
    const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
    execFileSync(sudo[0] ?? "apt-get", [...(plan.sudo ? ["apt-get"] : []), "update", "-qq"], { stdio: "inherit", env });
    execFileSync(sudo[0] ?? "apt-get", [...(plan.sudo ? ["apt-get"] : []), "install", "-y", "-qq", ...plan.packages], { stdio: "inherit", env });
  }
}
