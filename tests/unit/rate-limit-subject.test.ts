import { describe, expect, it } from "vitest";
import { clientNetwork, mailboxOf, rateLimitSubject } from "../../app/server/platform/rate-limit.server";

describe("rateLimitSubject", () => {
  it("keeps an IPv4 address as it is", () => {
    expect(rateLimitSubject("198.51.100.7")).toBe("198.51.100.7");
    expect(rateLimitSubject(" 198.51.100.7 ")).toBe("198.51.100.7");
  });

  it("counts an IPv6 address as its /64, however it is written", () => {
    const network = "2001:db8:85a3:42::/64";
    for (const ip of [
      "2001:db8:85a3:42::1",
      "2001:0db8:85a3:0042:0000:0000:0000:0001",
      "2001:DB8:85A3:42:ffff:ffff:ffff:ffff",
      "[2001:db8:85a3:42::abcd]",
      "2001:db8:85a3:42:1:2:3:4%eth0",
    ]) {
      expect(rateLimitSubject(ip), ip).toBe(network);
    }
    expect(rateLimitSubject("2001:db8:85a3:43::1")).not.toBe(network);
    expect(rateLimitSubject("::1")).toBe("0:0:0:0::/64");
    expect(rateLimitSubject("fe80::")).toBe("fe80:0:0:0::/64");
  });

  it("counts an IPv4-mapped IPv6 address as the IPv4 address", () => {
    expect(rateLimitSubject("::ffff:198.51.100.7")).toBe("198.51.100.7");
  });

  it("leaves what is not an address alone rather than merging it with others", () => {
    expect(rateLimitSubject("unknown")).toBe("unknown");
    expect(rateLimitSubject("1:2:3")).toBe("1:2:3");
    expect(rateLimitSubject("1::2::3")).toBe("1::2::3");
    expect(rateLimitSubject("1:2:3:4:5:6:7:8:9")).toBe("1:2:3:4:5:6:7:8:9");
  });

  it("reads the client from CF-Connecting-IP", () => {
    const request = new Request("http://localhost/", { headers: { "CF-Connecting-IP": "2001:db8::5" } });
    expect(clientNetwork(request)).toBe("2001:db8:0:0::/64");
  });

  it("never takes the client from X-Forwarded-For, which any sender can write", () => {
    const forged = new Request("http://localhost/", { headers: { "X-Forwarded-For": "203.0.113.9" } });
    expect(clientNetwork(forged)).toBe("unknown");
    const both = new Request("http://localhost/", { headers: { "X-Forwarded-For": "203.0.113.9", "CF-Connecting-IP": "198.51.100.7" } });
    expect(clientNetwork(both)).toBe("198.51.100.7");
  });
});

describe("mailboxOf", () => {
  it("counts an address with a +tag, in any case, as the mailbox it reaches", () => {
    for (const address of ["anna@example.se", " Anna@Example.se ", "anna+1@example.se", "ANNA+nyhetsbrev@example.se"]) {
      expect(mailboxOf(address), address).toBe("anna@example.se");
    }
    expect(mailboxOf("anna.b@example.se")).toBe("anna.b@example.se");
    // Not a tag: a plus first, or in the domain.
    expect(mailboxOf("+anna@example.se")).toBe("+anna@example.se");
    expect(mailboxOf("198.51.100.7")).toBe("198.51.100.7");
  });
});
