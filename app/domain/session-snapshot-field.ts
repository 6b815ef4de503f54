// The booking form's hidden field that carries the session as the visitor saw
// it (session-snapshot.ts). A module of its own, so the form in the browser
// takes the name without the snapshot's schema, which only the server reads.
export const SESSION_SNAPSHOT_FIELD = "session";
