/**
 * A mail as its recipient sees it: sender, subject and the HTML part in a
 * sandboxed frame (no scripts, no same-origin access, no navigation of the
 * page), so nothing in a mail's markup can touch the admin page. The HTML
 * arrives rendered by the mail's own template, every value staff wrote
 * already escaped there.
 */
import { useId } from "react";
import { CAMPAIGN_SEND_TEXTS as T } from "~/domain/newsletter/admin-texts";
import type { MailPreviewView } from "~/domain/newsletter/campaign-view";

export function MailPreview({ preview }: { preview: MailPreviewView }) {
  const headingId = `${useId()}-preview`;
  return (
    <section className="mail-preview" aria-labelledby={headingId}>
      <h3 id={headingId}>{T.previewHeading}</h3>
      <p className="field-hint">{T.previewHint}</p>
      <dl className="campaign-facts">
        <dt>{T.previewFrom}</dt>
        <dd>{preview.from}</dd>
        <dt>{T.previewSubject}</dt>
        <dd data-testid="mail-preview-subject">{preview.subject}</dd>
      </dl>
      {preview.html ? (
        <iframe title={T.previewFrame} sandbox="" srcDoc={preview.html} className="mail-html mail-preview-frame" data-testid="mail-preview" />
      ) : (
        <pre className="mail-text" data-testid="mail-preview">
          {preview.text}
        </pre>
      )}
    </section>
  );
}
