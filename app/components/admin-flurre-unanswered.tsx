/**
 * The unanswered questions of /admin/flurre: one card per question (its
 * repeats grouped), newest last ask first, with how often and when it was
 * last asked (Stockholm time) and the page it came from, and two actions:
 * 'Svara med en FAQ-rad' (a link to the FAQ form with the question filled
 * in) and 'Markera som hanterad' (a form post). The question is a visitor's
 * text: rendered as text, and the page as a link only when it is a plain
 * path on this site.
 */
import { Form, Link, useNavigation } from "@remix-run/react";
import { FLURRE_ADMIN_PATH, UNANSWERED_TEXTS as T } from "~/domain/admin-flurre-texts";

export interface UnansweredGroupView {
  id: number;
  question: string;
  count: number;
  lastAskedAt: string;
  lastAskedLabel: string;
  /** The page it was asked from, as asked. */
  page: string | null;
  /** The same page when it is safe to link to, else null. */
  pageHref: string | null;
}

export const UNANSWERED_TAB_PATH = `${FLURRE_ADMIN_PATH}?flik=obesvarade`;
export const answerHref = (id: number) => `${FLURRE_ADMIN_PATH}?flik=faq&svara=${id}`;

export function UnansweredList({ groups, total }: { groups: UnansweredGroupView[]; total: number }) {
  return (
    <section className="unanswered-list" aria-labelledby="unanswered-heading">
      <h2 id="unanswered-heading">{T.heading}</h2>
      {groups.length === 0 ? (
        <p>{T.empty}</p>
      ) : (
        <>
          {total > groups.length ? <p className="field-hint">{T.capped(groups.length, total)}</p> : null}
          <ul className="unanswered-cards">
            {groups.map((group) => (
              <li key={group.id}>
                <UnansweredCard group={group} />
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

function UnansweredCard({ group }: { group: UnansweredGroupView }) {
  const navigation = useNavigation();
  const titleId = `unanswered-${group.id}-title`;
  const dismissing =
    navigation.state !== "idle" &&
    navigation.formData?.get("intent") === "dismiss" &&
    navigation.formData.get("id") === String(group.id);
  return (
    <article className="card unanswered-card" aria-labelledby={titleId} data-testid={`unanswered-${group.id}`}>
      <h3 id={titleId}>{group.question}</h3>
      <dl className="faq-facts">
        <dt>{T.count}</dt>
        <dd data-testid="unanswered-count">{group.count}</dd>
        <dt>{T.lastAsked}</dt>
        <dd>
          <time dateTime={group.lastAskedAt}>{group.lastAskedLabel}</time>
        </dd>
        <dt>{T.page}</dt>
        <dd>
          {group.pageHref ? <Link to={group.pageHref}>{group.page}</Link> : (group.page ?? T.noPage)}
        </dd>
      </dl>
      <ul className="card-actions button-row" aria-label={T.actionsLabel(group.question)}>
        <li>
          <Link to={answerHref(group.id)} className="button primary">
            {T.answer}
          </Link>
        </li>
        <li>
          <Form method="post" action={UNANSWERED_TAB_PATH}>
            <input type="hidden" name="intent" value="dismiss" />
            <input type="hidden" name="id" value={String(group.id)} />
            <button type="submit" className="button secondary" disabled={dismissing}>
              {T.dismiss}
            </button>
          </Form>
        </li>
      </ul>
    </article>
  );
}
