// The two webhook signatures the app verifies, made here with WebCrypto and
// independently of the libraries the app verifies them with (so a test proves
// the app reads the real formats, not the library's own output back):
// - Stripe: `Stripe-Signature: t=<seconds>,v1=<hex HMAC-SHA256 of "t.body">`
//   under the endpoint's whsec_ secret as text;
// - the mail provider (Svix / Standard Webhooks): `svix-signature: v1,<base64
//   HMAC-SHA256 of "id.timestamp.body">` under the base64 key after whsec_.

const encoder = new TextEncoder();

async function hmacSha256(key: Uint8Array<ArrayBuffer>, text: string): Promise<Uint8Array> {
  const cryptoKey = await crypto.subtle.importKey("raw", key, { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  return new Uint8Array(await crypto.subtle.sign("HMAC", cryptoKey, encoder.encode(text)));
}

export const nowSeconds = () => Math.floor(Date.now() / 1000);

/** A Stripe-Signature header for `payload` at `timestamp` (seconds) under `secret`. */
export async function stripeSignature(payload: string, secret: string, timestamp = nowSeconds()): Promise<string> {
  const mac = await hmacSha256(encoder.encode(secret), `${timestamp}.${payload}`);
  return `t=${timestamp},v1=${[...mac].map((b) => b.toString(16).padStart(2, "0")).join("")}`;
}

/** An svix-signature header for the mail provider's event `id` at `timestamp` (seconds) under `secret` (whsec_…). */
export async function mailEventSignature(id: string, timestamp: number, body: string, secret: string): Promise<string> {
  const key = Uint8Array.from(atob(secret.slice("whsec_".length)), (c) => c.charCodeAt(0));
  return `v1,${btoa(String.fromCharCode(...(await hmacSha256(key, `${id}.${timestamp}.${body}`))))}`;
}
