// Every public and admin page is valid HTML by the Nu Html Checker (the
// W3C's validator, vnu.jar, run locally on Java): the server's HTML as a
// browser without JavaScript gets it, errors only, zero of them.
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { ADMIN_PAGES } from "../../app/domain/admin-pages";
import { signInAsAdmin } from "./auth-helpers";

// vnu-jar's main module (CommonJS) is the jar's path.
const VNU_JAR = createRequire(import.meta.url)("vnu-jar") as string;

const PUBLIC_PAGES = [
  "/",
  "/alla-popups",
  "/boka",
  "/boka?steg=2&typ=alla&vy=lista",
  "/boka?steg=2&typ=grupp",
  "/session/1",
  "/session/5",
  "/hitta",
  "/om",
  "/integritet",
  "/preppa",
  "/mina-bokningar",
  "/rapportera-problem",
  "/flurre",
  "/flurre?fraga=Vad%20kostar%20VALPKURS",
  "/logga-in",
  "/logga-in?till=%2Fadmin",
  "/registrera",
  "/sidan-finns-inte",
];

// The admin's own erasure page too (nothing upcoming: the confirmation form), with the signed-in top bar.
const ADMIN_EXTRA = ["/mina-bokningar/radera", "/mina-bokningar/lista", "/admin", "/admin/utskick?flik=segment", "/admin/flurre?flik=faq", "/admin/flurre?flik=prova&fraga=Vad%20kostar%20VALPKURS%3F", "/admin/pass/1", "/admin/pass/1?atgard=cancel", "/admin/epost?pass=1", "/admin/pass/1/utskrift"];

/** Runs the checker on the pages' HTML; returns its errors as "path: line.col: message". */
function nuErrors(pages: { path: string; html: string }[]): string[] {
  const dir = mkdtempSync(path.join(tmpdir(), "nu-"));
  try {
    const files = pages.map((page, i) => {
      const file = path.join(dir, `page-${i}.html`);
      writeFileSync(file, page.html);
      return file;
    });
    let output = "";
    try {
      execFileSync("java", ["-jar", VNU_JAR, "--errors-only", "--format", "gnu", ...files], { stdio: "pipe" });
    } catch (error) {
      const failed = error as { stderr?: Buffer; code?: string };
      if (failed.code === "ENOENT") throw new Error("Java is missing: the HTML checker needs it (apt-get install -y default-jre-headless)");
      output = failed.stderr?.toString() ?? String(error);
    }
    return output
      .split("\n")
      .filter(Boolean)
      .map((line) => line.replace(/^"file:[^"]*page-(\d+)\.html":/, (_, i: string) => `${pages[Number(i)]!.path}: `));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

test("public pages are valid HTML", async ({ request }, testInfo) => {
  test.skip(testInfo.project.name !== "no-js", "the server's HTML is the same for both projects");
  const pages = [];
  for (const p of PUBLIC_PAGES) pages.push({ path: p, html: await (await request.get(p)).text() });
  expect(nuErrors(pages)).toEqual([]);
});

test("admin pages are valid HTML", async ({ page }, testInfo) => {
  test.skip(testInfo.project.name !== "no-js", "the server's HTML is the same for both projects");
  test.setTimeout(60_000);
  await signInAsAdmin(page, false);
  const pages = [];
  for (const p of [...ADMIN_EXTRA, ...ADMIN_PAGES.map((a) => a.to)]) {
    const res = await page.request.get(p);
    expect(res.status(), p).toBe(200);
    pages.push({ path: p, html: await res.text() });
  }
  expect(nuErrors(pages)).toEqual([]);
});
