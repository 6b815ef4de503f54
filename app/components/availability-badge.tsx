/** The coloured status badge of a session (spec section 4: green, pink, yellow, red). */
import type { PublicAvailability } from "~/domain/availability";

export function AvailabilityBadge({ availability }: { availability: Pick<PublicAvailability, "label" | "colour" | "state"> }) {
  return (
    <span className={`badge badge-${availability.colour}`} data-state={availability.state}>
      {availability.label}
    </span>
  );
}
