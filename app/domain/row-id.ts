/** A row's id from a URL or a form: a positive whole number, else null ("7abc", "0", "-1", "1e3" and huge numbers are refused). */
export function parseRowId(value: unknown): number | null {
  if (typeof value !== "string" || !/^[1-9]\d{0,15}$/.test(value)) return null;
  const id = Number(value);
  return Number.isSafeInteger(id) ? id : null;
}
