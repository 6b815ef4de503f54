/**
 * The mail provider's events as the e2e tests play them: the signing secret
 * of the e2e server only (playwright.config.ts hands it to serve.sh; a test
 * value, never a real one) and a poster that signs an event the Svix /
 * Standard Webhooks way, as the provider does.
 */
import { createHmac } from "node:crypto";
import type { APIRequestContext } from "@playwright/test";

export const WEBHOOK_SECRET = `whsec_${Buffer.from("hundpass-e2e-webhook-signing-key").toString("base64")}`;

export async function postMailEvent(request: APIRequestContext, event: unknown, secret = WEBHOOK_SECRET) {
  const id = `msg_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
  const timestamp = Math.floor(Date.now() / 1000);
  const body = JSON.stringify(event);
  const key = Buffer.from(secret.slice("whsec_".length), "base64");
  const signature = createHmac("sha256", key).update(`${id}.${timestamp}.${body}`).digest("base64");
  return request.post("/api/epost-handelser", {
    data: body,
    headers: { "Content-Type": "application/json", "svix-id": id, "svix-timestamp": String(timestamp), "svix-signature": `v1,${signature}` },
  });
}
