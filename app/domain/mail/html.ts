// The HTML pieces every mail shares: escaping, the page frame and a button,
// in the site's colours. Inline styles only: mail clients drop stylesheets.

export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");
}

export function htmlDocument(title: string, inner: string): string {
  return (
    `<!doctype html><html lang="sv"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>` +
    `<body style="margin:0;padding:24px;background:#fbfaf6;font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;color:#1d2a24;line-height:1.5">` +
    `<div style="max-width:560px;margin:0 auto;background:#ffffff;border:1px solid #dfe3dc;border-radius:12px;padding:24px">${inner}</div>` +
    `</body></html>`
  );
}

/** A link that looks like the site's primary button. */
export function buttonHtml(href: string, label: string): string {
  return `<a href="${escapeHtml(href)}" style="display:inline-block;padding:12px 20px;border-radius:999px;background:#1f5f4a;color:#ffffff;text-decoration:none;font-weight:600">${escapeHtml(label)}</a>`;
}
