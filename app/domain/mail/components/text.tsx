// Paragraphs, links and the signature in the site's type and colours.
import { Link } from "@react-email/link";
import { Text } from "@react-email/text";
import { Fragment, type CSSProperties, type ReactNode } from "react";
import { link, mutedParagraph, paragraph } from "./theme";

export function Paragraph({ children, muted, style }: { children: ReactNode; muted?: boolean; style?: CSSProperties }) {
  return <Text style={{ ...(muted ? mutedParagraph : paragraph), ...style }}>{children}</Text>;
}

/** Lines of text in one paragraph, broken where the writer broke them. */
export function Lines({ lines }: { lines: readonly string[] }) {
  return (
    <>
      {lines.map((line, i) => (
        <Fragment key={i}>
          {i > 0 ? <br /> : null}
          {line}
        </Fragment>
      ))}
    </>
  );
}

/** A link that shows its own address, e.g. "Dina bokningar hittar du på https://…". */
export function UrlLink({ href }: { href: string }) {
  return (
    <Link href={href} style={link}>
      {href}
    </Link>
  );
}

/** "Hälsningar,<br>Hundpass", the last paragraph of a mail. */
export function Signature({ lines }: { lines: readonly string[] }) {
  return (
    <Paragraph style={{ marginBottom: 0 }}>
      <Lines lines={lines} />
    </Paragraph>
  );
}

const BOOKING_SIGN_OFF = ["Hälsningar,", "Hundpass"] as const;

/** The end of a mail about one booking: its number, then the sign-off. */
export function BookingClosing({ bookingId }: { bookingId: string }) {
  return (
    <>
      <Paragraph muted>Bokningsnummer: {bookingId}</Paragraph>
      <Signature lines={BOOKING_SIGN_OFF} />
    </>
  );
}

/** BookingClosing's plain-text lines, with the blank lines around them. */
export function bookingClosingText(bookingId: string): string[] {
  return ["", `Bokningsnummer: ${bookingId}`, "", ...BOOKING_SIGN_OFF];
}
