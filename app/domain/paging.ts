// Paging of the admin's lists: how many pages a number of rows needs.

/** Pages needed for `total` rows of `size` a page (at least one, for the empty list). */
export function pageCountFor(total: number, size: number): number {
  return Math.max(1, Math.ceil(total / size));
}
