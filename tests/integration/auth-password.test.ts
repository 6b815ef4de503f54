// Password hashing inside workerd (its Web Crypto caps PBKDF2 iterations),
// and staff sign-in and sign-up through the real Worker.
import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import { hashPassword, PASSWORD_HASH_PARAMS, verifyPassword } from "~/server/auth/password.server";
import { DEMO_ADMIN_EMAIL } from "../fixtures/demo-data";
import { MAX_PASSWORD_DELAY_MS } from "~/domain/password-slowdown";
import { PASSWORD_LIMITS } from "~/server/auth/password-attempts.server";
import { cookieHeader, fetchAndSettle, mailTo, postForm, requestLink } from "./auth-helpers";
import { awayFromWindowEnd } from "./helpers";

const WRONG = "Fel e-postadress eller lösenord";
const PASSWORD = "korrekt häst batteri";

/** An account whose address was confirmed (unless `confirmed: false`). */
async function createUser(email: string, password: string | null, admin = false, { confirmed = true } = {}) {
  const id = crypto.randomUUID();
  await env.DB.prepare(
    "INSERT INTO users (id, email, password_hash, display_name, email_verified_at) VALUES (?, ?, ?, ?, ?)",
  )
    .bind(id, email, password === null ? null : await hashPassword(password), `Namn ${email}`, confirmed ? new Date().toISOString() : null)
    .run();
  if (admin) await env.DB.prepare("INSERT INTO user_roles (user_id, role) VALUES (?, 'admin')").bind(id).run();
  return id;
}

async function userRow(email: string) {
  return env.DB.prepare(
    "SELECT u.id, u.password_hash, u.display_name, u.email_verified_at, (SELECT count(*) FROM user_roles r WHERE r.user_id = u.id) AS roles FROM users u WHERE lower(u.email) = lower(?)",
  )
    .bind(email)
    .first<{ id: string; password_hash: string | null; display_name: string; email_verified_at: string | null; roles: number }>();
}

beforeEach(async () => {
  await env.DB.exec("DELETE FROM rate_limits");
});

describe("password hashing", () => {
  it("stores a self-describing PBKDF2 string with a per-user salt and verifies it", async () => {
    const stored = await hashPassword(PASSWORD);
    expect(stored).toMatch(/^pbkdf2-sha512\$100000\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{43}$/);
    expect(stored).not.toContain(PASSWORD);
    expect(await hashPassword(PASSWORD)).not.toBe(stored);
    expect(await verifyPassword(PASSWORD, stored)).toEqual({ ok: true, needsRehash: false });
  });

  it("refuses a wrong password, a changed hash and a missing one", async () => {
    const stored = await hashPassword(PASSWORD);
    expect((await verifyPassword("korrekt häst batteri!", stored)).ok).toBe(false);
    expect((await verifyPassword("", stored)).ok).toBe(false);
    const flipped = stored.slice(0, -2) + (stored.endsWith("AA") ? "AB" : "AA");
    expect((await verifyPassword(PASSWORD, flipped)).ok).toBe(false);
    expect((await verifyPassword(PASSWORD, null)).ok).toBe(false);
    expect((await verifyPassword(PASSWORD, "plaintext")).ok).toBe(false);
  });

  it("refuses a stored string asking for more work than the runtime allows, without running it", async () => {
    const stored = await hashPassword(PASSWORD);
    const greedy = stored.replace("$100000$", "$5000000$");
    expect(await verifyPassword(PASSWORD, greedy)).toEqual({ ok: false, needsRehash: false });
  });

  it("accepts an older SHA-256 hash and asks for a rehash", async () => {
    const salt = crypto.getRandomValues(new Uint8Array(16));
    const key = await crypto.subtle.importKey("raw", new TextEncoder().encode(PASSWORD), "PBKDF2", false, ["deriveBits"]);
    const bits = await crypto.subtle.deriveBits({ name: "PBKDF2", hash: "SHA-256", salt, iterations: 50_000 }, key, 256);
    const b64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
    const old = `pbkdf2-sha256$50000$${b64(salt)}$${b64(new Uint8Array(bits))}`;
    expect(await verifyPassword(PASSWORD, old)).toEqual({ ok: true, needsRehash: true });
  });

  it("stays within Cloudflare's production cap of 100 000 PBKDF2 iterations (local workerd has none)", () => {
    expect(PASSWORD_HASH_PARAMS.iterations).toBeLessThanOrEqual(100_000);
    expect(PASSWORD_HASH_PARAMS.hash).toBe("SHA-512");
  });
});

describe("staff sign-in (/logga-in)", () => {
  it("sends an admin to /admin with a staff session and a welcome toast", async () => {
    await createUser("chef@example.se", PASSWORD, true);
    const res = await postForm("/logga-in", { email: "Chef@Example.se", password: PASSWORD });
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/admin");
    const admin = await fetchAndSettle("/admin", { headers: { Cookie: cookieHeader(res) } });
    expect(admin.status).toBe(200);
    expect(await admin.text()).toContain("Välkommen, Namn chef@example.se");
  });

  it("brings an admin sent here from an admin page back to it, and never anywhere outside /admin", async () => {
    await createUser("tillbaka@example.se", PASSWORD, true);
    const back = await postForm("/logga-in?till=%2Fadmin%2Fdrift", { email: "tillbaka@example.se", password: PASSWORD });
    expect(back.headers.get("Location")).toBe("/admin/drift");
    for (const elsewhere of ["https%3A%2F%2Fexample.com%2Fadmin", "%2F%2Fexample.com", "%2Fmina-bokningar", "%2Fadmin%2F..%2Fdev%2Fmail"]) {
      const res = await postForm(`/logga-in?till=${elsewhere}`, { email: "tillbaka@example.se", password: PASSWORD });
      expect(res.headers.get("Location"), elsewhere).toBe("/admin");
    }
  });

  it("sends other staff to the start page", async () => {
    await createUser("tranare@example.se", PASSWORD);
    const res = await postForm("/logga-in", { email: "tranare@example.se", password: PASSWORD });
    expect(res.headers.get("Location")).toBe("/");
    const admin = await fetchAndSettle("/admin", { headers: { Cookie: cookieHeader(res) } });
    expect(admin.status).toBe(403);
  });

  it("gives the same answer for an unknown address, a wrong password, an account without password and an unconfirmed one", async () => {
    await createUser("finns@example.se", PASSWORD);
    await createUser("utan.losen@example.se", null);
    await createUser("obekraftad@example.se", PASSWORD, false, { confirmed: false });
    const answers = [
      await postForm("/logga-in", { email: "finns.inte@example.se", password: PASSWORD }),
      await postForm("/logga-in", { email: "finns@example.se", password: "fel lösenord" }),
      await postForm("/logga-in", { email: "utan.losen@example.se", password: PASSWORD }),
      await postForm("/logga-in", { email: "obekraftad@example.se", password: PASSWORD }),
    ];
    for (const res of answers) {
      expect(res.status).toBe(400);
      expect(res.headers.getSetCookie()).toEqual([]);
      const html = await res.text();
      expect(html).toContain(WRONG);
      expect(html).not.toContain("fel lösenord");
      expect(html).not.toContain(PASSWORD);
    }
  });

  it("refuses a guesser's network after 5 wrong passwords for one account, and only that network", async () => {
    await createUser("gissa@example.se", PASSWORD);
    for (let i = 0; i < 5; i++) {
      const res = await postForm("/logga-in", { email: "gissa@example.se", password: `gissning ${i}` }, { ip: "203.0.113.7" });
      expect(res.status).toBe(400);
    }
    const blocked = await postForm("/logga-in", { email: "gissa@example.se", password: PASSWORD }, { ip: "203.0.113.7" });
    expect(blocked.status).toBe(429);
    expect(blocked.headers.getSetCookie()).toEqual([]);
    expect(await blocked.text()).toContain("Du har skickat för många förfrågningar");
    // The owner, elsewhere, signs in.
    const owner = await postForm("/logga-in", { email: "gissa@example.se", password: PASSWORD }, { ip: "198.51.100.77" });
    expect(owner.status).toBe(302);
    expect(owner.headers.get("Location")).toBe("/");
  });

  it("never locks the owner out: ten wrong passwords from ten networks slow the account down, the owner still signs in, and is told once", { timeout: 60_000 }, async () => {
    // All in one window of the account's count: a window that ends halfway would start the count again.
    await awayFromWindowEnd(PASSWORD_LIMITS.account.windowMs, 30_000);
    await createUser("agare@example.se", PASSWORD);
    await createUser("annan@example.se", PASSWORD);
    for (let i = 0; i < 12; i++) {
      const res = await postForm("/logga-in", { email: "agare@example.se", password: `gissning ${i}` }, { ip: `203.0.113.${20 + i}` });
      expect(res.status).toBe(400);
    }
    const started = Date.now();
    const owner = await postForm("/logga-in", { email: "agare@example.se", password: PASSWORD }, { ip: "198.51.100.78" });
    expect(owner.status).toBe(302);
    expect(Date.now() - started).toBeGreaterThanOrEqual(MAX_PASSWORD_DELAY_MS - 50);
    // Another account is not slowed by this one's failures.
    const other = Date.now();
    expect((await postForm("/logga-in", { email: "annan@example.se", password: PASSWORD }, { ip: "198.51.100.79" })).status).toBe(302);
    expect(Date.now() - other).toBeLessThan(MAX_PASSWORD_DELAY_MS);
    // One mail about the burst, to the account's own address; none for an address without an account.
    const mails = await env.DB.prepare("SELECT to_address, subject FROM email_outbox WHERE kind = 'password-failures'").all();
    expect(mails.results).toEqual([{ to_address: "agare@example.se", subject: "Många felaktiga inloggningsförsök på ditt konto" }]);
  });

  it("keeps the sign-in link open to an account whose password is being guessed", async () => {
    for (let i = 0; i < 5; i++) {
      await postForm("/logga-in", { email: DEMO_ADMIN_EMAIL, password: `gissning ${i}` }, { ip: "203.0.113.99" });
    }
    const res = await requestLink(DEMO_ADMIN_EMAIL, "203.0.113.99");
    expect(res.status).toBe(302);
    const mails = await env.DB.prepare("SELECT count(*) AS n FROM email_outbox WHERE kind = 'sign-in-link' AND to_address = ?")
      .bind(DEMO_ADMIN_EMAIL)
      .first<{ n: number }>();
    expect(mails?.n).toBeGreaterThanOrEqual(1);
    // Leave the admin address's mail as the other tests expect it.
    await env.DB.batch([
      env.DB.prepare("DELETE FROM email_outbox WHERE to_address = ?").bind(DEMO_ADMIN_EMAIL),
      env.DB.prepare("DELETE FROM sign_in_tokens WHERE email = ?").bind(DEMO_ADMIN_EMAIL),
    ]);
  });

  it("asks for the e-mail and the password in Swedish", async () => {
    const res = await postForm("/logga-in", { email: "", password: "" });
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain("Ange din e-postadress");
    expect(html).toContain("Ange ditt lösenord");
  });
});

/** The link in the newest confirmation mail to `email`. */
async function confirmationLink(email: string) {
  const [mail] = (await mailTo(email)).filter((m) => m.kind === "staff-confirmation");
  if (!mail) throw new Error(`no confirmation mail to ${email}`);
  const match = mail.textBody.match(/https?:\/\/\S+\/registrera\/bekrafta\?token=[A-Za-z0-9_-]+/);
  if (!match) throw new Error("no link in the mail");
  return { mail, url: new URL(match[0]), token: new URL(match[0]).searchParams.get("token") ?? "" };
}

/** The confirmation page's button: the link's token and, by default, the password chosen at sign-up. */
const confirm = (token: string, password = PASSWORD) => postForm("/registrera/bekrafta", { token, password });

describe("staff sign-up (/registrera)", () => {
  it("creates an unconfirmed account with no password, no role and the e-mail as display name, and mails a link", async () => {
    const res = await postForm("/registrera", { email: "ny@example.se", password: PASSWORD, display_name: "" });
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/registrera?skickat=1");
    expect(res.headers.getSetCookie()).toEqual([]);
    const user = await userRow("ny@example.se");
    expect(user).toMatchObject({ display_name: "ny@example.se", roles: 0, password_hash: null, email_verified_at: null });
    expect((await mailTo("ny@example.se")).map((m) => m.kind)).toEqual(["staff-confirmation"]);
    const { url } = await confirmationLink("ny@example.se");
    expect(url.origin + url.pathname).toBe("http://localhost:8787/registrera/bekrafta");
    // Only the token's hash is stored.
    const stored = await env.DB.prepare("SELECT token_hash FROM staff_email_tokens").all<{ token_hash: string }>();
    expect(stored.results.map((r) => r.token_hash)).not.toContain(url.searchParams.get("token"));
  });

  it("signs in only after the link is confirmed, then with the password chosen at sign-up", async () => {
    await postForm("/registrera", { email: "bekrafta@example.se", password: PASSWORD, display_name: "Bea" });
    const before = await postForm("/logga-in", { email: "bekrafta@example.se", password: PASSWORD });
    expect(before.status).toBe(400);
    expect(await before.text()).toContain(WRONG);

    const { token, mail } = await confirmationLink("bekrafta@example.se");
    // Opening the link changes nothing: mail scanners prefetch links.
    const page = await fetchAndSettle(`/registrera/bekrafta?token=${token}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Bekräfta e-postadress");
    expect((await userRow("bekrafta@example.se"))?.email_verified_at).toBeNull();

    const confirmed = await confirm(token);
    expect(confirmed.status).toBe(302);
    expect(confirmed.headers.get("Location")).toBe("/logga-in");
    const user = await userRow("bekrafta@example.se");
    expect(user?.email_verified_at).not.toBeNull();
    expect(user?.display_name).toBe("Bea");
    // The link is blanked in the stored mail once used.
    const [stored] = (await mailTo("bekrafta@example.se")).filter((m) => m.id === mail.id);
    expect(stored?.textBody).not.toContain(token);

    const after = await postForm("/logga-in", { email: "bekrafta@example.se", password: PASSWORD });
    expect(after.status).toBe(302);
    expect(after.headers.get("Location")).toBe("/");

    // Single use.
    const again = await confirm(token);
    expect(again.status).toBe(400);
    expect(await again.text()).toContain("Bekräftelsen misslyckades - Länken kan vara ogiltig eller ha gått ut.");
  });

  it("refuses an expired or made-up link", async () => {
    await postForm("/registrera", { email: "sen@example.se", password: PASSWORD });
    const { token } = await confirmationLink("sen@example.se");
    await env.DB.prepare("UPDATE staff_email_tokens SET created_at = ?, expires_at = ?").bind(
      new Date(Date.now() - 2 * 60 * 60_000).toISOString(),
      new Date(Date.now() - 60 * 60_000).toISOString(),
    ).run();
    expect((await confirm(token)).status).toBe(400);
    expect((await confirm("x".repeat(43))).status).toBe(400);
    expect((await userRow("sen@example.se"))?.email_verified_at).toBeNull();
  });

  it("lets nobody pre-register an address and inherit a role granted to it later", async () => {
    // Someone who cannot read the mailbox signs the address up first.
    await postForm("/registrera", { email: "blivande.chef@example.se", password: "angriparens lösenord" }, { ip: "203.0.113.50" });
    // The attacker's link as the mail carried it (the stored copy is blanked once a newer sign-up voids it).
    const attackerLink = (await confirmationLink("blivande.chef@example.se")).token;
    // An operator grants the role by address.
    await env.DB.prepare(
      "INSERT INTO user_roles (user_id, role) SELECT id, 'admin' FROM users WHERE email = 'blivande.chef@example.se'",
    ).run();
    const attacker = await postForm("/logga-in", { email: "blivande.chef@example.se", password: "angriparens lösenord" });
    expect(attacker.status).toBe(400);
    expect(attacker.headers.getSetCookie()).toEqual([]);

    // The owner signs up too, and confirms with the link in their own mailbox.
    await postForm("/registrera", { email: "blivande.chef@example.se", password: PASSWORD }, { ip: "203.0.113.51" });
    const links = (await mailTo("blivande.chef@example.se")).filter((m) => m.kind === "staff-confirmation");
    expect(links).toHaveLength(2);
    const { token } = await confirmationLink("blivande.chef@example.se");
    expect((await confirm(token)).status).toBe(302);

    // The owner's password works; the attacker's never does, and the attacker's link died with the owner's.
    expect((await postForm("/logga-in", { email: "blivande.chef@example.se", password: PASSWORD })).headers.get("Location")).toBe("/admin");
    expect((await postForm("/logga-in", { email: "blivande.chef@example.se", password: "angriparens lösenord" })).status).toBe(400);
    expect(attackerLink).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect((await confirm(attackerLink)).status).toBe(400);
  });

  it("voids a stranger's earlier sign-up when the owner signs up: the owner confirming the first mail (the stranger's link) sets no password, the owner's own link does", async () => {
    const address = "kapad@example.se";
    // A stranger signs the address up with the stranger's password; the mail (as delivered) lands in the owner's inbox.
    await postForm("/registrera", { email: address, password: "framlingens lösenord" }, { ip: "203.0.113.60" });
    const strangers = await confirmationLink(address);
    // The owner signs up the same address with the owner's own password.
    await postForm("/registrera", { email: address, password: PASSWORD }, { ip: "203.0.113.61" });
    const owners = await confirmationLink(address);
    expect(owners.token).not.toBe(strangers.token);
    // The stranger's link is blanked in its stored copy.
    const [storedStrangers] = (await mailTo(address)).filter((m) => m.id === strangers.mail.id);
    expect(storedStrangers?.textBody).not.toContain(strangers.token);

    // The owner confirms the first mail in the inbox, the stranger's: it confirms nothing.
    const first = await confirm(strangers.token);
    expect(first.status).toBe(400);
    expect(await first.text()).toContain("Bekräftelsen misslyckades");
    expect((await userRow(address))?.email_verified_at).toBeNull();
    // Then the owner's own mail: the owner's password signs in, the stranger's never does.
    expect((await confirm(owners.token)).status).toBe(302);
    expect((await postForm("/logga-in", { email: address, password: PASSWORD })).status).toBe(302);
    expect((await postForm("/logga-in", { email: address, password: "framlingens lösenord" })).status).toBe(400);
  });

  it("the other order: a stranger's sign-up after the owner's puts the newest link in the owner's inbox, and it confirms nothing with the owner's password", async () => {
    const address = "efterat@example.se";
    await postForm("/registrera", { email: address, password: PASSWORD }, { ip: "203.0.113.70" });
    await postForm("/registrera", { email: address, password: "framlingens lösenord" }, { ip: "203.0.113.71" });
    // The newest mail in the owner's inbox is the stranger's link; the owner types the owner's password.
    const strangers = await confirmationLink(address);
    const wrong = await confirm(strangers.token);
    expect(wrong.status).toBe(400);
    expect(await wrong.text()).toContain("Lösenordet stämmer inte med det som valdes när kontot skapades.");
    expect((await userRow(address))?.email_verified_at).toBeNull();
    expect((await postForm("/logga-in", { email: address, password: "framlingens lösenord" })).status).toBe(400);
    expect((await postForm("/logga-in", { email: address, password: PASSWORD })).status).toBe(400);
    // The owner signs up again (the stranger's link dies) and confirms the owner's own.
    await postForm("/registrera", { email: address, password: PASSWORD }, { ip: "203.0.113.70" });
    const owners = await confirmationLink(address);
    expect((await confirm(owners.token)).status).toBe(302);
    expect((await confirm(strangers.token, "framlingens lösenord")).status).toBe(400);
    expect((await postForm("/logga-in", { email: address, password: PASSWORD })).status).toBe(302);
    expect((await postForm("/logga-in", { email: address, password: "framlingens lösenord" })).status).toBe(400);
  });

  it("a missing or mistyped password leaves the link as it was: the right one then confirms", async () => {
    await postForm("/registrera", { email: "slarv@example.se", password: PASSWORD });
    const { token } = await confirmationLink("slarv@example.se");
    const empty = await confirm(token, "");
    expect(empty.status).toBe(400);
    expect(await empty.text()).toContain("Ange lösenordet du valde när du skapade kontot");
    const typo = await confirm(token, PASSWORD + "x");
    expect(typo.status).toBe(400);
    expect((await userRow("slarv@example.se"))?.email_verified_at).toBeNull();
    expect((await confirm(token)).status).toBe(302);
    expect((await userRow("slarv@example.se"))?.email_verified_at).not.toBeNull();
  });

  it("never makes the new account admin, whatever the form sends", async () => {
    await postForm("/registrera", { email: "vill.bli.admin@example.se", password: PASSWORD, role: "admin", is_admin: "1" });
    expect((await confirm((await confirmationLink("vill.bli.admin@example.se")).token)).status).toBe(302);
    const signIn = await postForm("/logga-in", { email: "vill.bli.admin@example.se", password: PASSWORD });
    expect(signIn.headers.get("Location")).toBe("/");
    expect((await userRow("vill.bli.admin@example.se"))?.roles).toBe(0);
    const admin = await fetchAndSettle("/admin", { headers: { Cookie: cookieHeader(signIn) } });
    expect(admin.status).toBe(403);
  });

  it("does not reveal a confirmed address: same answer, the old password stays, an e-mail tells the owner", async () => {
    await postForm("/registrera", { email: "upptagen@example.se", password: PASSWORD, display_name: "Första" });
    await confirm((await confirmationLink("upptagen@example.se")).token);
    const again = await postForm("/registrera", { email: "UPPTAGEN@example.se", password: "ett helt annat lösen", display_name: "Andra" });
    expect(again.status).toBe(302);
    expect(again.headers.get("Location")).toBe("/registrera?skickat=1");
    const user = await userRow("upptagen@example.se");
    expect(user?.display_name).toBe("Första");
    expect((await verifyPassword(PASSWORD, user!.password_hash)).ok).toBe(true);
    expect((await mailTo("UPPTAGEN@example.se")).map((m) => m.kind)).toEqual(["account-exists"]);
  });

  it("never opens the admin address to sign-up", async () => {
    const res = await postForm("/registrera", { email: DEMO_ADMIN_EMAIL, password: PASSWORD });
    expect(res.headers.get("Location")).toBe("/registrera?skickat=1");
    expect(await userRow(DEMO_ADMIN_EMAIL)).toBeNull();
    expect((await mailTo(DEMO_ADMIN_EMAIL)).map((m) => m.kind)).toEqual(["account-exists"]);
  });

  it("asks for a long enough password", async () => {
    const res = await postForm("/registrera", { email: "kort@example.se", password: "kort" });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain("Lösenordet måste vara minst 10 tecken");
    expect(await userRow("kort@example.se")).toBeNull();
  });

  it("shows 'Kolla din inkorg' after sending", async () => {
    const html = await (await fetchAndSettle("/registrera?skickat=1")).text();
    expect(html).toContain("Kolla din inkorg");
  });
});
