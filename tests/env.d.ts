import type { D1Migration } from "cloudflare:test";
import type { Env as AppEnv } from "../app/server/platform/env.server";

declare global {
  namespace Cloudflare {
    interface Env extends AppEnv {
      TEST_MIGRATIONS: D1Migration[];
    }
    interface GlobalProps {
      mainModule: typeof import("../workers/app");
      durableNamespaces: "SessionSeats";
    }
  }
}
