// A link that looks like the site's primary button (React Email's Button,
// which pads it for Outlook too), and the row that gives it room.
import { Button } from "@react-email/button";
import { Column } from "@react-email/column";
import { Row } from "@react-email/row";
import { colors } from "./theme";

export function MailButton({ href, children }: { href: string; children: string }) {
  return (
    <Button
      href={href}
      style={{
        // Longhands: Button writes them itself, so a shorthand would be sent twice.
        paddingTop: "12px",
        paddingRight: "20px",
        paddingBottom: "12px",
        paddingLeft: "20px",
        borderRadius: "999px",
        backgroundColor: colors.primary,
        color: colors.onPrimary,
        fontSize: "16px",
        fontWeight: 600,
        textDecoration: "none",
      }}
    >
      {children}
    </Button>
  );
}

export function ButtonRow({ href, children }: { href: string; children: string }) {
  return (
    <Row>
      <Column style={{ padding: "8px 0 16px" }}>
        <MailButton href={href}>{children}</MailButton>
      </Column>
    </Row>
  );
}
