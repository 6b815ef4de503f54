/**
 * The time left in the sign-in session. The server renders the starting value
 * (works without JavaScript; the server enforces the expiry either way). With
 * JavaScript it ticks every second and, at zero, signs out with a POST to
 * /logga-ut, which sends the visitor to the start page with the expiry toast.
 */
import { useSubmit } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { formatCountdown } from "~/domain/my-bookings";

export function SessionCountdown({ seconds }: { seconds: number }) {
  const [left, setLeft] = useState(seconds);
  const submit = useSubmit();
  const signedOut = useRef(false);

  useEffect(() => {
    // Counts against the local clock from when the page arrived, so a skewed
    // device clock cannot stretch or shorten the session on screen.
    const deadline = Date.now() + seconds * 1000;
    const tick = () => {
      const remaining = Math.max(0, Math.floor((deadline - Date.now()) / 1000));
      setLeft(remaining);
      if (remaining === 0 && !signedOut.current) {
        signedOut.current = true;
        window.clearInterval(timer);
        submit({ reason: "expired" }, { method: "post", action: "/logga-ut", replace: true });
      }
    };
    const timer = window.setInterval(tick, 1000);
    return () => window.clearInterval(timer);
  }, [seconds, submit]);

  return (
    <p className="countdown">
      Tid kvar av din inloggning:{" "}
      <time role="timer" dateTime={`PT${left}S`} data-testid="countdown">
        {formatCountdown(left)}
      </time>
    </p>
  );
}
