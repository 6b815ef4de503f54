/**
 * Which version of the Worker is deployed, from its [version_metadata]
 * binding (CF_VERSION_METADATA): its id, tag and upload time. Locally wrangler
 * gives a made-up id and no time; without the binding the version is unknown.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";

export interface DeployedVersion {
  /** The version id's first eight characters (as the dashboard shows it), or "okänd". */
  id: string;
  tag: string | null;
  uploadedAt: string | null;
}

export function deployedVersion(context: AppLoadContext): DeployedVersion {
  const meta = context.cloudflare.env.CF_VERSION_METADATA;
  if (!meta?.id) return { id: "okänd", tag: null, uploadedAt: null };
  return { id: meta.id.slice(0, 8), tag: meta.tag || null, uploadedAt: meta.timestamp || null };
}
