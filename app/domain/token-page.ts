// Pages opened from a mailed link with a one-time token or a signed address
// in their URL (sign-in, address and subscription confirmations, unsubscribe):
// never indexed, never cached, and the URL is never sent on as a referrer.

export function tokenPageMeta(title: string) {
  return [{ title: `${title} – Hundpass` }, { name: "robots", content: "noindex" }];
}

export function tokenPageHeaders(): Record<string, string> {
  return { "Referrer-Policy": "same-origin", "Cache-Control": "no-store" };
}
