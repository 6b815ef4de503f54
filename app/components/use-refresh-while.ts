// A page that waits for something outside (a payment on its way) asks its
// loader again every few seconds while `waiting`, with JavaScript; without
// it the page's meta refresh does the same (PageHandle.refreshWithoutScript).
import { useRevalidator } from "@remix-run/react";
import { useEffect } from "react";

export function useRefreshWhile(waiting: boolean, seconds: number): void {
  const { revalidate, state } = useRevalidator();
  useEffect(() => {
    if (!waiting || state !== "idle") return;
    const timer = window.setTimeout(revalidate, seconds * 1000);
    return () => window.clearTimeout(timer);
  }, [waiting, seconds, state, revalidate]);
}
