// A newsletter's small print under the card: the footer lines the admin
// wrote and the unsubscribe link.
import { Link } from "@react-email/link";
import { Text } from "@react-email/text";
import { colors } from "./theme";

const small = { marginTop: 0, marginBottom: "4px", fontSize: "13px", lineHeight: "20px", color: colors.muted } as const;

export function MailFooter({
  lines,
  unsubscribe,
}: {
  lines: readonly string[];
  unsubscribe?: { href: string; text: string };
}) {
  return (
    <>
      {lines.map((line, i) => (
        <Text key={i} style={small}>
          {line}
        </Text>
      ))}
      {unsubscribe ? (
        <Text style={{ ...small, marginTop: lines.length > 0 ? "12px" : 0, marginBottom: 0 }}>
          <Link href={unsubscribe.href} style={{ color: colors.muted, textDecorationLine: "underline" }}>
            {unsubscribe.text}
          </Link>
        </Text>
      ) : null}
    </>
  );
}
