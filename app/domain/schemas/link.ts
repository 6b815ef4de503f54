// The fields of the pages a mailed link opens (a queue place, a decision, a
// newsletter or staff confirmation, unsubscribing): the link's token, as the
// server makes every one of them (32 random or signed bytes, base64url), and
// what else the link carries. A link that does not fit is refused before
// anything is looked up.
import { z } from "zod";

export const linkToken = z.string().regex(/^[A-Za-z0-9_-]{43}$/);

export const LinkTokenSchema = z.object({ token: linkToken });

/** A minimum-participant decision's link: its token and the choice it was mailed with ('stall-in' / 'kor'), if any. */
export const DecisionLinkSchema = z.object({ token: linkToken, val: z.string().max(20).optional() });

/** The unsubscribe link: the address and its signature. */
export const UnsubscribeLinkSchema = z.object({ email: z.string().min(3).max(254), token: linkToken });

/** The sign-in link: its token, what it signs in to, and whether the page's own script sent it. */
export const SignInLinkSchema = z.object({ token: linkToken, purpose: z.string().max(20).optional(), js: z.string().max(1).optional() });

/** A queue place's hold link: its token, and the decline button's intent (the booking form sends its own fields). */
export const HoldLinkSchema = z.object({ token: linkToken, intent: z.string().max(20).optional() });
