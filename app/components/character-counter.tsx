/**
 * "123/1000" under a textarea. Needs JavaScript to count, so it renders only
 * after hydration; without JavaScript the field's max length still applies.
 */
import { useEffect, useState } from "react";

export function CharacterCounter({ id, length, max }: { id: string; length: number; max: number }) {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  if (!hydrated) return null;
  return (
    <p id={id} className={`char-counter${length > max ? " over" : ""}`}>
      {length}/{max}
    </p>
  );
}
