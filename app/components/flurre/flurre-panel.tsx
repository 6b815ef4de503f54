/**
 * The chat with Flurre: a modal dialog (focus moves to the question field,
 * Escape or 'Stäng' closes it, the host returns focus to the button that
 * opened it). Answers arrive in a polite live region (role="log"); the
 * conversation is kept for the tab. Loaded on the first opening only, by
 * flurre-host.tsx, so it adds nothing to any page's first load.
 */
import { Link } from "@remix-run/react";
import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent, type MouseEvent } from "react";
import { FLURRE_QUESTION_MAX_LENGTH } from "~/domain/flurre/answer";
import { FLURRE_TEXTS } from "~/domain/page-texts/flurre";
import { flurreHref } from "./flurre-event";
import {
  askFlurreOverNetwork,
  lastQuestion,
  loadConversation,
  messageId,
  saveConversation,
  type FlurreMessage,
} from "./conversation";
import { FlurreAnswerView } from "./flurre-answer";
import { FLURRE_CHAT_TEXTS } from "./flurre-texts";

/** The spec: a button's prefilled question is sent half a second after the chat opens. */
export const FLURRE_SEND_DELAY_MS = 500;

export type FlurrePanelProps = {
  /** The prefilled question of the button that opened the chat, if any. */
  question: string | null;
  /** Called once the dialog has closed (Escape, 'Stäng', a click outside or a link followed). */
  onClose: () => void;
};

export function FlurrePanel({ question, onClose }: FlurrePanelProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const logRef = useRef<HTMLDivElement>(null);
  const [initial] = useState(() => loadConversation() ?? []);
  /** The conversation as last committed: the truth when the browser keeps no storage. */
  const memory = useRef<FlurreMessage[]>(initial);
  const [messages, setMessages] = useState(initial);
  const [draft, setDraft] = useState(question ?? "");
  const [thinking, setThinking] = useState(false);
  const [error, setError] = useState("");
  const busy = useRef(false);
  const mounted = useRef(false);
  const id = useId();

  /** Applies a change to the stored conversation (another opening may have added to it meanwhile). */
  function commit(update: (messages: FlurreMessage[]) => FlurreMessage[]) {
    const next = saveConversation(update(loadConversation() ?? memory.current));
    memory.current = next;
    if (mounted.current) setMessages(next);
  }

  async function send(text: string) {
    if (busy.current) return;
    busy.current = true;
    const asked: FlurreMessage | null = text.trim() ? { id: messageId(), from: "visitor", text: text.trim() } : null;
    setError("");
    setThinking(true);
    setDraft("");
    if (asked) commit((list) => [...list, asked]);
    const result = await askFlurreOverNetwork(text, window.location.pathname);
    busy.current = false;
    if (result.ok) {
      commit((list) => [...list, { id: messageId(), from: "flurre", answer: result.answer }]);
    } else if (asked) {
      commit((list) => list.filter((m) => m.id !== asked.id));
    }
    if (!mounted.current) return;
    setThinking(false);
    if (!result.ok) {
      setError(result.error);
      // The question goes back into the field, so trying again is one key press.
      setDraft((current) => (current === "" ? text : current));
    }
  }

  useEffect(() => {
    mounted.current = true;
    const dialog = dialogRef.current;
    if (!dialog) return;
    dialog.addEventListener("close", onClose);
    if (!dialog.open) dialog.showModal();
    const input = inputRef.current;
    if (input) {
      input.focus();
      input.setSelectionRange(input.value.length, input.value.length);
    }
    let timer: number | undefined;
    if (question) {
      timer = window.setTimeout(() => {
        // Sent as prefilled, unless the visitor has started to change it.
        if (inputRef.current?.value === question) void send(question);
      }, FLURRE_SEND_DELAY_MS);
    }
    return () => {
      mounted.current = false;
      window.clearTimeout(timer);
      dialog.removeEventListener("close", onClose);
    };
    // Once per opening: the host mounts a new panel for every one.
  }, []);

  useEffect(() => {
    const log = logRef.current;
    if (!log) return;
    // While Flurre thinks, the end; with the answer, the newest question at the top, so that an answer taller than
    // the log is read from its first line (the fact first), not its last.
    const questions = log.querySelectorAll<HTMLElement>(".flurre-msg-visitor");
    const newest = questions[questions.length - 1];
    if (thinking || !newest) log.scrollTop = log.scrollHeight;
    else log.scrollTop += newest.getBoundingClientRect().top - log.getBoundingClientRect().top;
  }, [messages, thinking]);

  const close = () => dialogRef.current?.close();

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!busy.current) void send(draft);
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      event.currentTarget.form?.requestSubmit();
    }
  }

  /** A click on the backdrop (the dialog itself, outside its content) closes it. */
  function onDialogClick(event: MouseEvent<HTMLDialogElement>) {
    if (event.target === event.currentTarget) close();
  }

  function startOver() {
    commit(() => []);
    setError("");
    inputRef.current?.focus();
  }

  const last = lastQuestion(messages);
  const describedBy = [`${id}-hint`, `${id}-counter`, error ? `${id}-error` : ""].filter(Boolean).join(" ");

  return (
    // The backdrop click is a mouse shortcut; Escape and 'Stäng' do the same from the keyboard.
    <dialog ref={dialogRef} className="flurre-panel" aria-labelledby={`${id}-title`} onClick={onDialogClick}>
      <div className="flurre-panel-body">
        <header className="flurre-panel-header">
          <img src="/images/team/flurre.svg" alt="" width={48} height={36} />
          <h2 id={`${id}-title`}>{FLURRE_TEXTS.title}</h2>
          {messages.length > 0 ? (
            <button type="button" className="link-button" onClick={startOver}>
              {FLURRE_CHAT_TEXTS.startOver}
            </button>
          ) : null}
          <button type="button" className="flurre-close" onClick={close}>
            {FLURRE_CHAT_TEXTS.close}
          </button>
        </header>

        <div
          ref={logRef}
          className="flurre-log"
          role="log"
          aria-live="polite"
          aria-label={FLURRE_CHAT_TEXTS.conversation}
          tabIndex={0}
        >
          <p className="flurre-msg flurre-msg-flurre">{FLURRE_CHAT_TEXTS.greeting}</p>
          {messages.map((message) =>
            message.from === "visitor" ? (
              <div key={message.id} className="flurre-msg flurre-msg-visitor">
                <span className="flurre-sr-only">{FLURRE_CHAT_TEXTS.you}: </span>
                <p data-testid="flurre-question">{message.text}</p>
              </div>
            ) : (
              <div key={message.id} className="flurre-msg flurre-msg-flurre">
                <span className="flurre-sr-only">{FLURRE_CHAT_TEXTS.flurre}: </span>
                <FlurreAnswerView answer={message.answer} onNavigate={close} />
              </div>
            ),
          )}
          {thinking ? <p className="flurre-msg flurre-msg-flurre flurre-thinking">{FLURRE_CHAT_TEXTS.thinking}</p> : null}
        </div>

        <form className="flurre-form" onSubmit={onSubmit}>
          <label htmlFor={`${id}-input`}>{FLURRE_CHAT_TEXTS.askLabel}</label>
          <textarea
            ref={inputRef}
            id={`${id}-input`}
            name="fraga"
            rows={2}
            maxLength={FLURRE_QUESTION_MAX_LENGTH}
            value={draft}
            onChange={(event) => setDraft(event.currentTarget.value)}
            onKeyDown={onKeyDown}
            aria-describedby={describedBy}
            aria-invalid={error ? true : undefined}
          />
          <div className="flurre-form-row">
            <p id={`${id}-hint`} className="flurre-hint">
              {FLURRE_CHAT_TEXTS.sendHint}
            </p>
            <p id={`${id}-counter`} className="flurre-counter">
              {draft.length}/{FLURRE_QUESTION_MAX_LENGTH}
            </p>
          </div>
          <div role="alert" id={`${id}-error`} className="flurre-error">
            {error}
          </div>
          <button type="submit" className="button" disabled={thinking}>
            {FLURRE_CHAT_TEXTS.send}
          </button>
        </form>

        {last ? (
          <p className="flurre-panel-footer">
            <Link to={`${flurreHref(last)}#till-tranarna`} onClick={close}>
              {FLURRE_CHAT_TEXTS.toTrainers}
            </Link>
          </p>
        ) : null}
      </div>
    </dialog>
  );
}
