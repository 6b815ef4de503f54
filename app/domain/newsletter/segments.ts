/**
 * Newsletter segments. Three official ones (every subscriber on a list is in
 * exactly one) and three test segments. The spec's `{name}` test segment is
 * the owner's personal one: its real name is configured
 * (NEWSLETTER_PERSONAL_SEGMENT) and handed to the pages and schemas that need
 * it through a SegmentSet.
 */
export const OFFICIAL_SEGMENTS = ["vip-utskick", "live-utskick", "slut-utskick"] as const;
export const FIXED_TEST_SEGMENTS = ["vanner-testar", "test-once"] as const;
export type OfficialSegment = (typeof OFFICIAL_SEGMENTS)[number];

/** The personal test segment's name when none is configured. */
export const DEFAULT_PERSONAL_SEGMENT = "agare-testar";
/** What a configured segment name may look like (the database CHECK admits the same). */
export const SEGMENT_NAME_PATTERN = /^[a-z0-9][a-z0-9-]{1,39}$/;

/** The audience of the last wave of "alla": subscribed, in no official segment. Not a segment. */
export const UNSEGMENTED_AUDIENCE = "utan-segment";

/** The campaign target that means every wave (day 1 VIP + Live, then day 2 and 3). */
export const ALL_TARGET = "alla";

export interface SegmentSet {
  /** The owner's personal test segment, also the default campaign target. */
  personal: string;
  official: readonly OfficialSegment[];
  /** The personal segment first, then the fixed test segments. */
  test: readonly string[];
  /** Official then test: the six segments of the spec, in display order. */
  all: readonly string[];
}

export function segmentSet(personal: string = DEFAULT_PERSONAL_SEGMENT): SegmentSet {
  const test = [personal, ...FIXED_TEST_SEGMENTS];
  return { personal, official: OFFICIAL_SEGMENTS, test, all: [...OFFICIAL_SEGMENTS, ...test] };
}

export function isOfficialSegment(segment: string): segment is OfficialSegment {
  return (OFFICIAL_SEGMENTS as readonly string[]).includes(segment);
}

/** A name that cannot be the personal segment: one of the others, or the target "alla". */
export function isReservedSegmentName(name: string): boolean {
  return (
    isOfficialSegment(name) ||
    (FIXED_TEST_SEGMENTS as readonly string[]).includes(name) ||
    name === ALL_TARGET ||
    name === UNSEGMENTED_AUDIENCE
  );
}

/**
 * The names staff gave the segments (newsletter_segments), by slug. The slug
 * stays the key everywhere; the name is only what people read.
 */
export type SegmentNames = Readonly<Record<string, string>>;

/** A segment as staff read it: its name, or its slug until it has one. */
export function segmentLabel(segment: string, names: SegmentNames): string {
  return Object.hasOwn(names, segment) ? names[segment]! : segment;
}

/** A segment with its slug, where staff manage segments: "VIP-kunder (vip-utskick)", or the slug alone until named. */
export function segmentWithSlug(segment: string, names: SegmentNames): string {
  const label = segmentLabel(segment, names);
  return label === segment ? segment : `${label} (${segment})`;
}

/** The audiences of day 1, 2 and 3 when the target is "alla" (waves.ts plans them in this order). */
export const ALL_TARGET_AUDIENCES = ["vip-utskick", "live-utskick", "slut-utskick", UNSEGMENTED_AUDIENCE] as const;

/** Who a target reaches, as the audiences its waves are sent to (one segment, or every wave of "alla"). */
export function targetAudiences(target: string): string[] {
  return target === ALL_TARGET ? [...ALL_TARGET_AUDIENCES] : [target];
}

/** The audiences of `target` that the campaign has already been sent to (`sentTo`: its recipients' audiences). */
export function alreadySentAudiences(target: string, sentTo: readonly string[]): string[] {
  return targetAudiences(target).filter((audience) => sentTo.includes(audience));
}
