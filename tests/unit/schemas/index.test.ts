import { describe, expect, it } from "vitest";
import * as schemas from "../../../app/domain/schemas";

describe("schemas index", () => {
  it("re-exports one schema per form", () => {
    for (const name of [
      "BookingSchema",
      "SignInLinkSchema",
      "PasswordSignInSchema",
      "SignUpSchema",
      "SessionFormSchema",
      "CampaignSchema",
      "SubscriberSearchSchema",
      "SubscriberSaveSchema",
      "ContactSchema",
      "ProblemReportSchema",
      "NewsletterSignupSchema",
    ] as const) {
      expect(schemas[name], name).toBeDefined();
    }
    expect(typeof schemas.createBookingSchema).toBe("function");
    expect(typeof schemas.bookingRulesForTitle).toBe("function");
  });
});
