// A local stand-in for Turnstile's siteverify, for the e2e server (which has
// no network): a token passes once; one starting with "fail" never does; a
// second use answers "timeout-or-duplicate", as Cloudflare does.
// Usage: node tests/e2e/turnstile-stub.mjs <port>
import { createServer } from "node:http";

const port = Number(process.argv[2] ?? 8781);
const spent = new Set();

createServer((req, res) => {
  if (req.method !== "POST" || req.url !== "/siteverify") {
    res.writeHead(req.method === "GET" ? 200 : 404, { "Content-Type": "text/plain" }).end("turnstile stub");
    return;
  }
  let body = "";
  req.on("data", (chunk) => (body += chunk));
  req.on("end", () => {
    const token = new URLSearchParams(body).get("response") ?? "";
    let answer;
    if (!token || token.startsWith("fail")) answer = { success: false, "error-codes": ["invalid-input-response"] };
    else if (spent.has(token)) answer = { success: false, "error-codes": ["timeout-or-duplicate"] };
    else {
      spent.add(token);
      answer = { success: true, hostname: "localhost", action: "newsletter", "error-codes": [] };
    }
    res.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify(answer));
  });
}).listen(port, "127.0.0.1");
