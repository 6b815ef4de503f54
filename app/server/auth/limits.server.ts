/**
 * Rate limits for everything sign-in does that costs e-mail or password
 * work. Each form counts per client network and per e-mail address from
 * that network; a request is refused when either budget is spent. Both are
 * always counted (the form flow counts every rule at once), so the answer
 * does not depend on which one ran out.
 *
 * The address's budget is per network: requests from a stranger's network
 * never spend the owner's, so nobody can keep an owner from getting a link
 * (or signing up) by asking for the address first. The owner's inbox is
 * kept from floods elsewhere: a sign-in link is not sent again while one
 * sent in the last five minutes is alive and unused, and every mail kind
 * has a budget per recipient.
 */
import type { KeyedRateLimitRule } from "../forms/form-action.server";
import { clientNetwork, type RateLimitRule } from "../platform/rate-limit.server";

const FIFTEEN_MINUTES = 15 * 60_000;

interface LimitPair {
  ip: RateLimitRule;
  email: RateLimitRule;
}

export const SIGN_IN_LINK_LIMITS: LimitPair = {
  ip: { name: "signin-link-ip", limit: 5, windowMs: FIFTEEN_MINUTES },
  email: { name: "signin-link-email", limit: 5, windowMs: FIFTEEN_MINUTES },
};

export const SIGN_UP_LIMITS: LimitPair = {
  ip: { name: "signup-ip", limit: 5, windowMs: FIFTEEN_MINUTES },
  email: { name: "signup-email", limit: 5, windowMs: FIFTEEN_MINUTES },
};

/** The pair as the form flow's buckets (handleForm's rateLimit.rules): one per client network, one per address typed from it. */
export function formLimitRules(limits: LimitPair, request: Request): [RateLimitRule, KeyedRateLimitRule<{ email: string }>] {
  const network = clientNetwork(request);
  return [limits.ip, { rule: limits.email, by: ({ email }) => `${email.trim().toLowerCase()} ${network}` }];
}
