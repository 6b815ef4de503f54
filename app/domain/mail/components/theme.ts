// The site's colours and type for mail, as inline styles: mail clients drop
// stylesheets, so every piece carries its own.
import type { CSSProperties } from "react";

export const colors = {
  text: "#1d2a24",
  muted: "#55645c",
  primary: "#1f5f4a",
  onPrimary: "#ffffff",
  page: "#fbfaf6",
  card: "#ffffff",
  border: "#dfe3dc",
  warningBackground: "#fde7e5",
  warningText: "#b42318",
} as const;

export const fontFamily = "system-ui,-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif";

/** The card's width: wide enough to read, narrow enough for every client's preview pane. */
export const CONTENT_WIDTH_PX = 560;
export const CARD_PADDING_PX = 24;

// Margins as longhands: React Email's Text expands a shorthand into
// longhands after it, so a shorthand would be written twice.
export const paragraph: CSSProperties = { marginTop: 0, marginBottom: "16px", fontSize: "16px", lineHeight: "24px", color: colors.text };
export const mutedParagraph: CSSProperties = { ...paragraph, color: colors.muted };
export const heading: CSSProperties = { margin: "0 0 12px", fontSize: "22px", lineHeight: "30px", fontWeight: 700, color: colors.text };
// textDecorationLine because React Email's Link sets that one to none.
export const link: CSSProperties = { color: colors.primary, textDecorationLine: "underline" };
