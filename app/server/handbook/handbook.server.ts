// The staff handbook (docs/handbok.md) as HTML for /admin/handbok. The file
// is bundled at build time and rendered on the server, so the page needs no
// script and reads the same text as the repository. Raw HTML in the file is
// shown as text, never passed through; headings get the anchors GitHub gives
// them, so the handbook's table of contents works in both places.
import { Marked, type Tokens } from "marked";
import handbookSource from "../../../docs/handbok.md?raw";
import { headingAnchor } from "~/domain/heading-anchor";

const escapeHtml = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;");

/** Renders handbook Markdown (the bundled file unless given another, for tests). */
export function renderHandbook(source: string = handbookSource): string {
  // A new parser per call: it carries the renderer's state, and the page is rarely opened.
  const marked = new Marked({
    gfm: true,
    async: false,
    renderer: {
      html({ text }: Tokens.HTML | Tokens.Tag) {
        return escapeHtml(text);
      },
      heading({ tokens, depth, text }: Tokens.Heading) {
        return `<h${depth} id="${escapeHtml(headingAnchor(text))}">${this.parser.parseInline(tokens)}</h${depth}>\n`;
      },
    },
  });
  return marked.parse(source, { async: false });
}
