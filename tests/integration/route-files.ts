/**
 * The URL each route file answers, read from the file's name by the Remix
 * flat-routes conventions, so tests that walk the route files cover a new
 * route the day it is added.
 */
export interface RouteFile {
  file: string;
  /** The file name under app/routes, for test names. */
  name: string;
  /** The page URL, with a made-up value for each dynamic segment. */
  path: string;
  params: Record<string, string>;
  index: boolean;
}

/** Splits a flat-routes file name on dots, keeping [escaped.dots] together. */
function segmentsOf(name: string): string[] {
  return name.match(/(?:\[[^\]]*\]|[^.])+/g) ?? [];
}

/** What URL a flat-routes file answers. */
export function routeOf(file: string): RouteFile {
  const name = file
    .replace(/^.*\/app\/routes\//, "")
    .replace(/\/route\.tsx?$/, "")
    .replace(/\.tsx?$/, "");
  const parts: string[] = [];
  const params: Record<string, string> = {};
  let index = false;
  for (const raw of segmentsOf(name)) {
    const segment = raw.endsWith("_") ? raw.slice(0, -1) : raw; // admin_.x: no layout nesting, same URL
    if (segment === "_index") index = true;
    else if (segment.startsWith("_")) continue; // pathless layout
    else if (segment.startsWith("(")) continue; // optional segment: test the URL without it
    else if (segment === "$") {
      params["*"] = "x";
      parts.push("x");
    } else if (segment.startsWith("$")) {
      params[segment.slice(1)] = "1";
      parts.push("1");
    } else parts.push(segment.replace(/[[\]]/g, ""));
  }
  return { file, name: file.replace(/^.*\/app\/routes\//, ""), path: `/${parts.join("/")}`, params, index };
}

/** The single-fetch data URL Remix posts a form to when JavaScript runs. */
export function dataUrlOf(route: RouteFile): string {
  return `http://localhost${route.path === "/" ? "/_root" : route.path}.data${route.index ? "?index" : ""}`;
}
