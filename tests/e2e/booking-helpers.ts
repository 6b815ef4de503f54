/** Shared steps for the booking e2e specs: filling the form the way a person does. */
import { expect, type Page, type TestInfo } from "@playwright/test";
import { FILL_TIME_MS, useOwnIp, waitForFillTime } from "./auth-helpers";

/** A person's pause before sending a form: longer than the bot check's minimum. */
export const HUMAN_PAUSE_MS = FILL_TIME_MS;

export const isJs = (testInfo: TestInfo) => testInfo.project.name === "js";

/** A fresh address per test and project, so nothing collides with other runs or specs. */
export function uniqueEmail(testInfo: TestInfo, label: string): string {
  return `e2e-${label}-${testInfo.project.name}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.se`;
}

export async function openSession(page: Page, id: number, testInfo: TestInfo) {
  // Bookings are limited per client address (20 in 10 minutes), and a run's specs share one server and
  // book far more than that together: each visitor books from an address of its own.
  await useOwnIp(page);
  await page.goto(`/session/${id}`);
  await expect(page.getByRole("heading", { name: "Boka passet" })).toBeVisible();
  // With JavaScript the button waits for the terms: a sign the page is hydrated.
  if (isJs(testInfo)) await expect(page.getByRole("button", { name: "Boka pass" })).toBeDisabled();
}

export interface Person {
  name?: string;
  email?: string;
  confirm?: string;
  phone?: string;
  dog?: string;
  breed?: string;
  age?: string;
  notes?: string;
}

export async function fillBookingForm(page: Page, p: Person) {
  const fill = async (label: string, value: string | undefined) => {
    if (value !== undefined) await page.getByLabel(label, { exact: true }).fill(value);
  };
  await fill("Namn *", p.name);
  await fill("E-post *", p.email);
  await fill("Bekräfta e-post *", p.confirm ?? p.email);
  await fill("Telefon *", p.phone);
  await fill("Hundens namn *", p.dog);
  await fill("Ras", p.breed);
  await fill("Ålder", p.age);
  await fill("Vad vill du träna?", p.notes);
}

export async function acceptTermsAndSubmit(page: Page, { acceptTerms = true } = {}) {
  if (acceptTerms) await page.getByLabel(/bokningen är bindande/).check();
  await waitForFillTime(page);
  await page.getByRole("button", { name: "Boka pass" }).click();
}

/** The error list under the input with this label. */
export function fieldErrors(page: Page, label: string) {
  return page.locator(".field", { has: page.getByLabel(label, { exact: true }) }).locator(".field-errors");
}

export async function expectNoMailTo(page: Page, email: string) {
  await page.goto(`/dev/mail?to=${encodeURIComponent(email)}`);
  await expect(page.getByText(`Inga meddelanden till ${email}.`)).toBeVisible();
}
