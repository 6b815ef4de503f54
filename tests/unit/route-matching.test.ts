// The patched route matching (patches/@remix-run+router+1.23.3.patch): on a
// server each tree is flattened once and only branches whose first plain
// segment is the path's are tried. The same tree must match as React Router
// always did: by first segment in any case, a parameter or a splat in first
// place, index routes, trailing and doubled slashes, and a tree matched again.
import { matchRoutes, type AgnosticRouteObject } from "@remix-run/router";
import { describe, expect, it } from "vitest";

const routes: AgnosticRouteObject[] = [
  {
    id: "root",
    path: "",
    children: [
      { id: "index", index: true },
      { id: "session", path: "session/:id" },
      { id: "session-payment", path: "session/:id_/betalning/:bookingId" },
      { id: "list", path: "alla-popups" },
      { id: "bookings", path: "mina-bokningar", children: [{ id: "bookings-index", index: true }, { id: "bookings-list", path: "lista" }] },
      { id: "admin", path: "admin", children: [{ id: "admin-log", path: "logg" }] },
      { id: "feed", path: "kalender.ics" },
      { id: "by-lang", path: ":lang/om" },
      { id: "case", path: "Skiftlage", caseSensitive: true },
      { id: "splat", path: "*" },
    ],
  },
];

const matched = (path: string) => {
  const matches = matchRoutes(routes, path);
  return matches ? { id: matches[matches.length - 1]!.route.id, params: matches[matches.length - 1]!.params } : null;
};

describe("route matching", () => {
  it("finds each route by its path, its parameters read", () => {
    expect(matched("/")).toEqual({ id: "index", params: {} });
    expect(matched("/session/5")).toEqual({ id: "session", params: { id: "5" } });
    expect(matched("/session/5/betalning/abc")).toEqual({ id: "session-payment", params: { id_: "5", bookingId: "abc" } });
    expect(matched("/mina-bokningar")?.id).toBe("bookings-index");
    expect(matched("/mina-bokningar/lista")?.id).toBe("bookings-list");
    expect(matched("/admin/logg")?.id).toBe("admin-log");
    expect(matched("/kalender.ics")?.id).toBe("feed");
  });

  it("matches a first segment in any case and with trailing slashes, unless the route is case-sensitive", () => {
    expect(matched("/ALLA-POPUPS")?.id).toBe("list");
    expect(matched("/Session/7/")).toEqual({ id: "session", params: { id: "7" } });
    expect(matched("/alla-popups//")?.id).toBe("list");
    expect(matched("/Skiftlage")?.id).toBe("case");
    expect(matched("/skiftlage")?.id).toBe("splat");
  });

  it("tries a parameter or a splat in first place for any path", () => {
    expect(matched("/en/om")).toEqual({ id: "by-lang", params: { lang: "en" } });
    expect(matched("/sv/om")?.id).toBe("by-lang");
    expect(matched("/finns-inte/alls")).toEqual({ id: "splat", params: { "*": "finns-inte/alls" } });
    expect(matched("//alla-popups")?.id).toBe("splat");
  });

  it("gives the same answer when the same tree is matched again", () => {
    for (const path of ["/", "/session/5", "/ALLA-POPUPS", "/en/om", "/x/y", "/admin/logg"]) {
      expect(matched(path)).toEqual(matched(path));
    }
  });
});
