/**
 * /boka, the booking entry. Step 1 chooses a pass type; step 2 shows that
 * type's sessions as a month calendar or a list. The whole state (steg, typ,
 * vy, manad, dag) is in the query string and every control is a link, so
 * back/forward, reload, shared links and browsing without JavaScript work.
 * The calendar reads only the shown month's sessions, in one query; step 1
 * reads only the klippkort and presentkort staff show on /boka (nothing
 * shown when there are none).
 */
import { data, redirect, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import { useEffect } from "react";
import { ColourLegend, MonthCalendar } from "~/components/calendar";
import { CardOffers } from "~/components/card-offers";
import { FallbackImage } from "~/components/fallback-image";
import { Toaster, type ToastView } from "~/components/toaster";
import { SessionCard } from "~/components/session-card";
import {
  bokaHref,
  parseBokaParams,
  passTypeFor,
  resolveCalendarPosition,
  type BokaStepTwo,
  type BokaType,
} from "~/domain/boka-params";
import { buildMonthCalendar, countFreeByDay } from "~/domain/booking-calendar";
import { cardOffersView, type CardOffersView } from "~/domain/cards/card-offer-view";
import { cardData, splitForBookingList, toSessionCard, type SessionCardData, type SessionCardView } from "~/domain/session-view";
import { BOKA_TEXTS, BOKA_TYPE_HEADINGS } from "~/domain/page-texts/boka";
import { LOAD_FAILURE_TOAST } from "~/domain/page-texts/session-list";
import { formatDayHeading, formatMonth, formatMonthParam, shiftMonth, stockholmToUtcIso, todayKey } from "~/domain/time";
import { loadCardOffers } from "~/server/cards/card-offers.server";
import { LIST_CACHE, noStoreHeaders, publicCacheHeaders, publicPageHeaders } from "~/server/public/cache.server";
import { shownSessionTypeName, loadSessionsStartingBetween, loadUpcomingSessions } from "~/server/public/sessions.server";
import publicStyles from "~/styles/public.css?url";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: publicStyles }];

export const meta: MetaFunction = () => [
  { title: "Boka pass – Hundpass" },
  { name: "description", content: "Välj GruppUps eller privatpass och hitta en tid som passar dig och din hund." },
];

export const headers = publicPageHeaders;

const SELECTED_DAY_ID = "valda-dagen";

const FAILURE: ToastView = { type: "error", ...LOAD_FAILURE_TOAST };

type ViewLinks = { calendar: string; list: string; back: string };

function viewLinks(state: BokaStepTwo): ViewLinks {
  return {
    calendar: bokaHref({ step: 2, type: state.type, sessionType: state.sessionType, view: "kalender", month: null, day: null }),
    list: bokaHref({ step: 2, type: state.type, sessionType: state.sessionType, view: "lista", month: null, day: null }),
    back: bokaHref({ step: 1 }),
  };
}

/** Stockholm midnight at the start of a month, as a UTC instant. */
function monthStartIso(year: number, month: number): string {
  // Midnight always exists in Stockholm (clocks change at 02:00/03:00).
  return stockholmToUtcIso(`${formatMonthParam(year, month)}-01`, "00:00")!;
}

async function loadList(context: LoaderFunctionArgs["context"], state: BokaStepTwo, now: Date) {
  try {
    const { types, sessions } = await loadUpcomingSessions(context, now, passTypeFor(state.type), state.sessionType ?? null);
    const cards = sessions.map((row) => cardData(toSessionCard(row, types), "booking"));
    return { ...splitForBookingList(cards), toast: null };
  } catch (error) {
    console.error("/boka list: could not load sessions", error);
    return { available: [] as SessionCardData[], fullyBooked: [] as SessionCardData[], toast: FAILURE };
  }
}

async function loadCalendar(context: LoaderFunctionArgs["context"], state: BokaStepTwo, now: Date) {
  const today = todayKey(now);
  const position = resolveCalendarPosition(state, today);
  const { year, month } = position.month;
  const next = shiftMonth(year, month, 1);
  let cards: SessionCardView[] = [];
  let toast: ToastView | null = null;
  try {
    const rows = await loadSessionsStartingBetween(
      context,
      now,
      { fromIso: monthStartIso(year, month), toIso: monthStartIso(next.year, next.month) },
      passTypeFor(state.type),
      state.sessionType ?? null,
    );
    cards = rows.map((row) => toSessionCard(row, []));
  } catch (error) {
    console.error("/boka calendar: could not load sessions", error);
    toast = FAILURE;
  }
  const at = (ym: { year: number; month: number }, day: string | null = null) =>
    bokaHref({ ...state, view: "kalender", month: ym, day });
  const weeks = buildMonthCalendar({
    year,
    month,
    freeByDay: countFreeByDay(cards),
    selectedDay: position.day,
    todayDayKey: today,
    hrefForDay: (dayKey) => `${at(position.month, dayKey)}#${SELECTED_DAY_ID}`,
  });
  return {
    monthLabel: formatMonth(year, month),
    weeks,
    previous: position.previous
      ? { href: at(position.previous), label: formatMonth(position.previous.year, position.previous.month) }
      : null,
    next: position.next ? { href: at(position.next), label: formatMonth(position.next.year, position.next.month) } : null,
    selectedDay: position.day
      ? {
          heading: formatDayHeading(position.day),
          sessions: cards.filter((c) => c.dayKey === position.day).map((c) => cardData(c, "compact")),
        }
      : null,
    hasFreeDays: weeks.some((week) => week.some((day) => day.freeCount > 0)),
    toast,
  };
}

/** The visible type the link names, by its own name; when none, or it cannot be read, the list of every type's sessions shows instead. */
async function sessionTypeShown(context: LoaderFunctionArgs["context"], name: string): Promise<string | null> {
  try {
    return await shownSessionTypeName(context, name);
  } catch (error) {
    console.error("/boka: could not read the session type", error);
    return null;
  }
}

/** Step 1's cards, or none (logged) when they cannot be read: the choice of type works without them. */
async function loadCards(context: LoaderFunctionArgs["context"]) {
  try {
    return { cards: cardOffersView(await loadCardOffers(context, "boka")), failed: false };
  } catch (error) {
    console.error("/boka: could not load the cards", error);
    return { cards: null, failed: true };
  }
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const state = parseBokaParams(new URL(request.url).searchParams);
  const cache = publicCacheHeaders(request, LIST_CACHE);
  if (state.step === 1) {
    const { cards, failed } = await loadCards(context);
    return data({ step: 1 as const, cards }, { headers: failed ? noStoreHeaders : cache });
  }

  // A type no visitor can see (unknown, hidden, or words of the link's own) is no heading of ours: the same page without
  // it. One typed in another case is the type by its own name.
  const shown = state.sessionType ? await sessionTypeShown(context, state.sessionType) : null;
  if (state.sessionType && shown !== state.sessionType) {
    return redirect(bokaHref({ ...state, sessionType: shown }), { headers: noStoreHeaders });
  }
  const now = new Date();
  const common = { step: 2 as const, type: state.type, sessionType: state.sessionType ?? null, links: viewLinks(state) };
  if (state.view === "lista") {
    const list = await loadList(context, state, now);
    return data({ ...common, view: "lista" as const, ...list }, { headers: list.toast ? noStoreHeaders : cache });
  }
  const calendar = await loadCalendar(context, state, now);
  return data(
    { ...common, view: "kalender" as const, ...calendar },
    { headers: calendar.toast ? noStoreHeaders : cache },
  );
}

export default function Boka() {
  const page = useLoaderData<typeof loader>();
  return (
    <div className="public-page boka">{page.step === 1 ? <StepOne offers={page.cards} /> : <StepTwo page={page} />}</div>
  );
}

function StepOne({ offers }: { offers: CardOffersView | null }) {
  const cards: Array<{ type: BokaType; title: string; text: string; image: string }> = [
    { type: "grupp", title: BOKA_TEXTS.groupCard, text: BOKA_TEXTS.groupCardText, image: "/images/pages/boka-grupp.svg" },
    { type: "privat", title: BOKA_TEXTS.privateCard, text: BOKA_TEXTS.privateCardText, image: "/images/pages/boka-privat.svg" },
    { type: "alla", title: BOKA_TEXTS.allCard, text: BOKA_TEXTS.allCardText, image: "/images/pages/boka-alla.svg" },
  ];
  return (
    <>
      <header className="page-header">
        <p className="step-label">Steg 1 av 2</p>
        <h1>{BOKA_TEXTS.title}</h1>
        <p className="subtitle">{BOKA_TEXTS.chooseType}</p>
      </header>
      <ul className="choice-grid">
        {cards.map((card) => (
          <li key={card.type}>
            <Link
              to={bokaHref({ step: 2, type: card.type, view: "kalender", month: null, day: null })}
              className={`choice-card choice-${card.type}`}
            >
              <FallbackImage src={card.image} alt="" width={400} height={225} />
              <span className="choice-title">
                {card.title} <span aria-hidden="true">→</span>
              </span>
              <span className="choice-text">{card.text}</span>
            </Link>
          </li>
        ))}
      </ul>
      <CardOffers view={offers} id="kort" />
      <p>
        <Link to="/" className="back-link">
          ← {BOKA_TEXTS.backToStart}
        </Link>
      </p>
    </>
  );
}

type StepTwoData = Exclude<ReturnType<typeof useLoaderData<typeof loader>>, { step: 1 }>;

function StepTwo({ page }: { page: StepTwoData }) {
  const navigation = useNavigation();
  const loading = navigation.state === "loading" && navigation.location.pathname === "/boka";
  return (
    <>
      <Toaster page toast={page.toast} />
      <header className="page-header">
        <p className="step-label">Steg 2 av 2</p>
        <h1>{page.sessionType ?? BOKA_TYPE_HEADINGS[page.type]}</h1>
        <p className="subtitle">Välj en tid som passar dig och din hund.</p>
      </header>
      <div className="boka-toolbar">
        <Link to={page.links.back} className="back-link">
          ← {BOKA_TEXTS.back}
        </Link>
        <nav className="view-toggle" aria-label="Visa som">
          <Link to={page.links.calendar} aria-current={page.view === "kalender" ? "page" : undefined}>
            {BOKA_TEXTS.calendar}
          </Link>
          <Link to={page.links.list} aria-current={page.view === "lista" ? "page" : undefined}>
            {BOKA_TEXTS.list}
          </Link>
        </nav>
      </div>
      {loading ? (
        <p className="loading" role="status">
          {BOKA_TEXTS.loading}
        </p>
      ) : null}
      {page.view === "lista" ? <ListView page={page} /> : <CalendarView page={page} />}
    </>
  );
}

function ListView({ page }: { page: Extract<StepTwoData, { view: "lista" }> }) {
  return (
    <>
      <section className="page-section" aria-labelledby="available-heading">
        <h2 id="available-heading">{BOKA_TEXTS.available}</h2>
        {page.available.length === 0 ? (
          <div className="empty">
            <p>{BOKA_TEXTS.none}</p>
            <Link to={page.links.back} className="button">
              {BOKA_TEXTS.chooseOther}
            </Link>
          </div>
        ) : (
          <ul className="session-grid">
            {page.available.map((session) => (
              <li key={session.id}>
                <SessionCard session={session} variant="booking" heading="h3" />
              </li>
            ))}
          </ul>
        )}
      </section>
      {page.fullyBooked.length > 0 ? (
        <section className="page-section" aria-labelledby="full-heading">
          <h2 id="full-heading">{BOKA_TEXTS.fullyBooked}</h2>
          <ul className="session-grid">
            {page.fullyBooked.map((session) => (
              <li key={session.id}>
                <SessionCard session={session} variant="booking" heading="h3" />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <p className="notice">{BOKA_TEXTS.groupNotice}</p>
    </>
  );
}

function CalendarView({ page }: { page: Extract<StepTwoData, { view: "kalender" }> }) {
  // A day chosen with JavaScript: the focus follows to its sessions, as the page loaded at #valda-dagen has it.
  const location = useLocation();
  useEffect(() => {
    if (location.hash === `#${SELECTED_DAY_ID}`) document.getElementById(SELECTED_DAY_ID)?.focus({ preventScroll: true });
  }, [location.key, location.hash]);
  return (
    <div className="calendar-layout">
      <div className="calendar-column">
        <MonthCalendar monthLabel={page.monthLabel} weeks={page.weeks} previous={page.previous} next={page.next} />
        {page.hasFreeDays ? null : (
          <p className="calendar-hint">
            {BOKA_TEXTS.noFreeThisMonth} <Link to={page.links.back}>{BOKA_TEXTS.chooseOther}</Link>
          </p>
        )}
      </div>
      <ColourLegend />
      <section id={SELECTED_DAY_ID} className="day-sessions" aria-labelledby="day-heading" tabIndex={-1}>
        {page.selectedDay ? (
          <>
            <h2 id="day-heading" className="day-heading">
              {page.selectedDay.heading}
            </h2>
            {page.selectedDay.sessions.length === 0 ? (
              <p className="empty">{BOKA_TEXTS.noSessionsThisDay}</p>
            ) : (
              <ul className="day-list">
                {page.selectedDay.sessions.map((session) => (
                  <li key={session.id}>
                    <SessionCard session={session} variant="compact" heading="h3" />
                  </li>
                ))}
              </ul>
            )}
          </>
        ) : (
          <>
            <h2 id="day-heading" className="visually-hidden">
              Valda dagens pass
            </h2>
            <p className="calendar-hint">{BOKA_TEXTS.pickDay}</p>
          </>
        )}
      </section>
    </div>
  );
}
