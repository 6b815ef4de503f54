/** The attendee list's two ways out of a session's booking info: the CSV file and the print view. */
import { Link } from "@remix-run/react";
import { ATTENDEE_TEXTS as T } from "~/domain/attendees";

export function AttendeeLinks({ sessionId, returnTo }: { sessionId: number; returnTo: string }) {
  return (
    <p className="button-row attendee-links">
      {/* A plain link: the browser downloads the file (Content-Disposition), no client routing. */}
      <a href={`/admin/pass/${sessionId}/deltagare.csv`} className="button secondary" download>
        {T.csvLink}
      </a>
      <Link to={`/admin/pass/${sessionId}/utskrift?tillbaka=${encodeURIComponent(returnTo)}`} className="button secondary">
        {T.printLink}
      </Link>
    </p>
  );
}
