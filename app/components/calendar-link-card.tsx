/**
 * A new calendar link on /admin/kalender, shown once (only its hash is kept):
 * the subscribe button (webcal://, which opens the calendar app), and the
 * address in both forms calendar apps take, each in a full-width field that
 * shows all of it. With JavaScript each field has 'Kopiera'; without it the
 * field is a plain form field to select and copy, and says so.
 */
import { useState } from "react";
import { CALENDAR_TEXTS as T } from "~/domain/admin-texts";
import { TextareaField } from "./forms";
import { useHydrated } from "./use-hydrated";

export function CalendarLinkCard({ urls }: { urls: { https: string; webcal: string } }) {
  return (
    <div className="card calendar-new-link" data-testid="calendar-link">
      <h2>{T.newLinkHeading}</h2>
      <p role="status">{T.shownOnce}</p>
      <p>
        <a className="button primary" href={urls.webcal}>
          {T.subscribe}
        </a>
      </p>
      <p>{T.copyIntro}</p>
      <CopyField id="calendar-webcal" label={T.webcalLabel} hint={T.webcalHint} value={urls.webcal} />
      <CopyField id="calendar-https" label={T.httpsLabel} hint={T.httpsHint} value={urls.https} />
    </div>
  );
}

type Copied = "idle" | "copied" | "failed";

function CopyField({ id, label, hint, value }: { id: string; label: string; hint: string; value: string }) {
  const hydrated = useHydrated();
  const [copied, setCopied] = useState<Copied>("idle");
  async function copy() {
    try {
      await navigator.clipboard.writeText(value);
      setCopied("copied");
    } catch {
      // No clipboard (an old browser, or permission refused): the address is selected to copy by hand.
      const field = document.getElementById(id);
      if (field instanceof HTMLTextAreaElement) field.select();
      setCopied("failed");
    }
  }
  return (
    <div className="copy-field">
      <TextareaField
        label={label}
        hint={hydrated ? hint : `${hint} ${T.selectToCopy}`}
        textareaProps={{
          id,
          value,
          readOnly: true,
          rows: 2,
          spellCheck: false,
          className: "calendar-url",
          onFocus: (event) => event.currentTarget.select(),
        }}
      />
      {hydrated ? (
        <p className="copy-row">
          <button type="button" className="button secondary" onClick={copy} aria-describedby={`${id}-copied`}>
            {T.copy}
          </button>{" "}
          <span id={`${id}-copied`} role="status" className="copy-status">
            {copied === "copied" ? T.copied : copied === "failed" ? T.copyFailed : ""}
          </span>
        </p>
      ) : null}
    </div>
  );
}
