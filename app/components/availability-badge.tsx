/** The coloured status badge of a session (spec section 4: green, pink, yellow, red), public or admin. */
import type { AdminState, PublicAvailability } from "~/domain/availability";

export function AvailabilityBadge({
  availability,
}: {
  availability: Pick<PublicAvailability, "label" | "colour" | "state"> | AdminState;
}) {
  return (
    <span className={`badge badge-${availability.colour}`} data-state={availability.state}>
      {availability.label}
    </span>
  );
}
