// An opt-in CPU profile of the worker's isolate during a bench run, through
// workerd's inspector (Miniflare's `inspectorPort`): the DevTools protocol's
// Profiler, as Chrome's Performance panel uses it. The profile is written as a
// `.cpuprofile` (open it in Chrome DevTools) and summed per function, so a
// run shows where a request's CPU time goes without guessing from wall-clock
// figures on a noisy machine.
//
//   const profile = await startCpuProfile(inspectorPort, "hundpass");
//   … the measured phase …
//   await profile.stop("bench-booking.cpuprofile");   // prints the top functions
import { writeFileSync } from "node:fs";
import WebSocket from "ws";

/** @param {number} port @param {string} worker */
export async function startCpuProfile(port, worker) {
  const socket = new WebSocket(`ws://127.0.0.1:${port}/core:user:${worker}`);
  await new Promise((resolve, reject) => {
    socket.once("open", resolve);
    socket.once("error", reject);
  });
  let id = 0;
  const pending = new Map();
  socket.on("message", (data) => {
    const message = JSON.parse(String(data));
    if (message.id !== undefined && pending.has(message.id)) {
      pending.get(message.id)(message);
      pending.delete(message.id);
    }
  });
  /** @param {string} method @param {object} [params] */
  const send = (method, params = {}) =>
    new Promise((resolve) => {
      const messageId = ++id;
      pending.set(messageId, resolve);
      socket.send(JSON.stringify({ id: messageId, method, params }));
    });
  await send("Profiler.enable");
  await send("Profiler.setSamplingInterval", { interval: 100 });
  await send("Profiler.start");
  return {
    /** @param {string} file @param {number} [top] */
    async stop(file, top = 25) {
      const { result } = await send("Profiler.stop");
      socket.close();
      const profile = result.profile;
      writeFileSync(file, JSON.stringify(profile));
      summarize(profile, top);
    },
  };
}

/** Prints the functions with the most self time, and the share of idle time. */
function summarize(profile, top) {
  const byNode = new Map(profile.nodes.map((node) => [node.id, node]));
  const self = new Map();
  const deltas = profile.timeDeltas;
  let total = 0;
  profile.samples.forEach((nodeId, i) => {
    const node = byNode.get(nodeId);
    const { functionName, url, lineNumber } = node.callFrame;
    const key = `${functionName || "(anonymous)"} ${url.split("/").pop()}:${lineNumber + 1}`;
    const dt = deltas[i] ?? 0;
    total += dt;
    self.set(key, (self.get(key) ?? 0) + dt);
  });
  const rows = [...self.entries()].sort((a, b) => b[1] - a[1]).slice(0, top);
  console.log(`\nCPU profile: ${(total / 1000).toFixed(0)} ms sampled; self time by function:`);
  for (const [key, us] of rows) console.log(`  ${((100 * us) / total).toFixed(1).padStart(5)} %  ${key}`);
}
