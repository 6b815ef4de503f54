/**
 * 'Prova en fråga' on /admin/flurre: a GET form (works without JavaScript)
 * and, for the question asked, the answer of Flurre's declared pipeline and
 * the trace of its steps (app/domain/flurre/pipeline.ts). The question and
 * the words are a visitor's kind of text: rendered as text.
 */
import { Form } from "@remix-run/react";
import { FLURRE_QUESTION_MAX_LENGTH, type FlurreAnswer } from "~/domain/flurre/answer";
import {
  CANDIDATE_LABELS,
  FLURRE_ADMIN_PATH,
  NAMED_LABELS,
  TOPIC_LABELS,
  TRY_TEXTS as T,
} from "~/domain/admin-flurre-texts";
import type { FlurreTrace } from "~/domain/flurre/pipeline";
import type { TracedQuestion } from "~/server/flurre/pipeline.server";
import type { CandidateKind } from "~/domain/flurre/resolve";
import type { Topic } from "~/domain/flurre/vocabulary";

export const TRY_TAB = "prova";

export interface TryTabView {
  question: string;
  traced: TracedQuestion | null;
  /** The share of a question an answer must cover (decide.ts). */
  threshold: number;
}

const list = (items: readonly string[]) => (items.length > 0 ? items.join(", ") : T.none);

function namedLabel(named: string): string {
  const at = named.indexOf(":");
  return `${named.slice(at + 1)} (${NAMED_LABELS[named.slice(0, at)] ?? named.slice(0, at)})`;
}

export function TryQuestion({ view }: { view: TryTabView }) {
  const { traced } = view;
  return (
    <section className="flurre-try" aria-labelledby="flurre-try-heading">
      <h2 id="flurre-try-heading">{T.heading}</h2>
      <p className="field-hint">{T.intro}</p>
      <Form method="get" action={FLURRE_ADMIN_PATH} className="flurre-try-form">
        <input type="hidden" name="flik" value={TRY_TAB} />
        <div className="field">
          <label htmlFor="flurre-try-question">{T.question}</label>
          <input
            id="flurre-try-question"
            name="fraga"
            type="text"
            defaultValue={view.question}
            maxLength={FLURRE_QUESTION_MAX_LENGTH}
            required
            autoComplete="off"
          />
        </div>
        <button type="submit" className="button">
          {T.submit}
        </button>
      </Form>
      {traced ? <Traced answer={traced.answer} trace={traced.trace} threshold={view.threshold} /> : null}
    </section>
  );
}

function Traced({ answer, trace, threshold }: { answer: FlurreAnswer | null; trace: FlurreTrace; threshold: number }) {
  return (
    <>
      <article className="card flurre-try-answer" aria-labelledby="flurre-try-answer-heading">
        <h3 id="flurre-try-answer-heading">{T.answerHeading}</h3>
        {answer ? answer.paragraphs.map((p, i) => <p key={i}>{p}</p>) : <p>{T.noAnswer}</p>}
        {answer && answer.links.length > 0 ? (
          <ul className="faq-links">
            {answer.links.map((l) => (
              <li key={l.href}>
                {l.label} <span className="faq-href">{l.href}</span>
              </li>
            ))}
          </ul>
        ) : null}
      </article>
      <h3>{T.steps}</h3>
      <dl className="faq-facts flurre-try-steps">
        <dt>{T.words}</dt>
        <dd>{trace.words.join(" ")}</dd>
        <dt>{T.topics}</dt>
        <dd>{list(trace.topics.map((t) => TOPIC_LABELS[t as Topic] ?? t))}</dd>
        <dt>{T.named}</dt>
        <dd>{list(trace.named.map(namedLabel))}</dd>
        <dt>{T.content}</dt>
        <dd>{list(trace.content)}</dd>
      </dl>
      <p className="field-hint">{T.wordsHint}</p>
      <p>{T.decision(threshold)}</p>
      {trace.candidates.length === 0 ? (
        <p>{T.noCandidates}</p>
      ) : (
        <div className="table-scroll" tabIndex={0} role="region" aria-labelledby="flurre-try-candidates-caption">
          <table className="flurre-try-candidates">
            <caption id="flurre-try-candidates-caption">{T.candidates}</caption>
            <thead>
              <tr>
                <th scope="col">{T.kind}</th>
                <th scope="col">{T.passages}</th>
                <th scope="col">{T.coverage}</th>
                <th scope="col">{T.unexplained}</th>
              </tr>
            </thead>
            <tbody>
              {trace.candidates.map((c, i) => (
                <tr key={i}>
                  <td>{CANDIDATE_LABELS[c.kind as CandidateKind] ?? c.kind}</td>
                  <td>{c.passages.join(", ")}</td>
                  <td>{Math.round(c.coverage * 100)} %</td>
                  <td>{list(c.unexplained)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}
