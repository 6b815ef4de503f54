import { describe, expect, it } from "vitest";
import { senderDisplayName, senderWithDisplayName } from "../../app/domain/mail/message";

const SITE_SENDER = "Hundpass <info@hundpass.se>";

describe("a campaign's sender as recipients see it", () => {
  it("gives a bare address the site sender's display name", () => {
    expect(senderWithDisplayName("info@hundpass.se", SITE_SENDER)).toBe("Hundpass <info@hundpass.se>");
    expect(senderWithDisplayName(" flurre@hundpass.se ", SITE_SENDER)).toBe("Hundpass <flurre@hundpass.se>");
  });

  it("keeps an address that has a display name as written", () => {
    expect(senderWithDisplayName("Flurre på Hundpass <flurre@hundpass.se>", SITE_SENDER)).toBe("Flurre på Hundpass <flurre@hundpass.se>");
  });

  it("falls back to 'Hundpass' when the site sender is a bare address, and quotes a name that needs it", () => {
    expect(senderWithDisplayName("info@hundpass.se", "info@hundpass.se")).toBe("Hundpass <info@hundpass.se>");
    expect(senderWithDisplayName("info@hundpass.se", '"Hundpass AB, Gävle" <info@hundpass.se>')).toBe('"Hundpass AB, Gävle" <info@hundpass.se>');
  });

  it("reads a display name, or none from a bare address", () => {
    expect(senderDisplayName(SITE_SENDER)).toBe("Hundpass");
    expect(senderDisplayName("info@hundpass.se")).toBeNull();
    expect(senderDisplayName("<info@hundpass.se>")).toBeNull();
  });
});
