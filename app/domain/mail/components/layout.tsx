// The frame every HTML mail shares: a centred white card, at most 560 px
// wide and fluid below that, on the site's page colour; an optional footer
// under the card. Table-based (React Email's Body, Container, Row, Column),
// so Outlook and Gmail lay it out alike.
import { Body } from "@react-email/body";
import { Column } from "@react-email/column";
import { Container } from "@react-email/container";
import { Head } from "@react-email/head";
import { Html } from "@react-email/html";
import { Preview } from "@react-email/preview";
import { Row } from "@react-email/row";
import type { ReactNode } from "react";
import { CARD_PADDING_PX, colors, CONTENT_WIDTH_PX, fontFamily } from "./theme";

export interface MailLayoutProps {
  /** The document title: the mail's subject. */
  title: string;
  /** The line inbox lists show after the subject; hidden in the mail itself. */
  preview?: string;
  children: ReactNode;
  /** Small print under the card, e.g. a newsletter's footer lines and unsubscribe link. */
  footer?: ReactNode;
}

const frame = { maxWidth: `${CONTENT_WIDTH_PX}px` } as const;

export function MailLayout({ title, preview, children, footer }: MailLayoutProps) {
  return (
    <Html lang="sv">
      <Head>
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="light" />
        <meta name="supported-color-schemes" content="light" />
        <title>{title}</title>
      </Head>
      <Body
        style={{
          margin: 0,
          padding: "24px 12px",
          backgroundColor: colors.page,
          fontFamily,
          color: colors.text,
          fontSize: "16px",
          lineHeight: "24px",
        }}
      >
        {preview ? <Preview>{preview}</Preview> : null}
        <Container
          style={{
            ...frame,
            backgroundColor: colors.card,
            border: `1px solid ${colors.border}`,
            borderCollapse: "separate",
            borderRadius: "12px",
          }}
        >
          <Row>
            <Column style={{ padding: `${CARD_PADDING_PX}px` }}>{children}</Column>
          </Row>
        </Container>
        {footer ? (
          <Container style={frame}>
            <Row>
              <Column style={{ padding: `16px ${CARD_PADDING_PX}px 0` }}>{footer}</Column>
            </Row>
          </Container>
        ) : null}
      </Body>
    </Html>
  );
}
