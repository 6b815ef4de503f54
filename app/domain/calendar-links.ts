// "Add to calendar" links for a booked session. Google Calendar takes the
// event in the URL; other calendars use the .ics attachment (see ics.ts).
import { TIME_ZONE } from "./constants";
import { icsUtcDateTime } from "./ics";

export interface CalendarEventLink {
  title: string;
  start: string | Date;
  end: string | Date;
  details?: string;
  location?: string;
}

/** A Google Calendar "create event" link with the event prefilled (UTC times). */
export function googleCalendarUrl(event: CalendarEventLink): string {
  const params = new URLSearchParams({
    action: "TEMPLATE",
    text: event.title,
    dates: `${icsUtcDateTime(event.start)}/${icsUtcDateTime(event.end)}`,
    ctz: TIME_ZONE,
  });
  if (event.details) params.set("details", event.details);
  if (event.location) params.set("location", event.location);
  return `https://calendar.google.com/calendar/render?${params.toString()}`;
}
