import sanitizeHtml from "sanitize-html";

// Newsletter HTML is written by admins and read in mail clients and in the
// admin pages: it goes through sanitize-html when it is saved and again each
// time it is rendered. What survives is the markup of a mail: text, links,
// images over http(s), tables and a few inline styles. Never a script, an
// event handler, a form, a frame, or a javascript:/data: URL.

const colour = /^(#[0-9a-f]{3,8}|rgba?\(\s*\d{1,3}%?\s*(,\s*\d{1,3}%?\s*){2}(,\s*(0|1|0?\.\d+)\s*)?\)|[a-z]{3,20})$/i;
const length = /^(0|-?\d{1,4}(\.\d{1,2})?(px|em|rem|%))$/;
const lengths = /^(0|-?\d{1,4}(\.\d{1,2})?(px|em|rem|%))( (0|-?\d{1,4}(\.\d{1,2})?(px|em|rem|%))){0,3}$/;

const options: sanitizeHtml.IOptions = {
  allowedTags: [...sanitizeHtml.defaults.allowedTags, "img", "center"],
  allowedAttributes: {
    a: ["href", "title", "target", "rel"],
    img: ["src", "alt", "title", "width", "height"],
    table: ["width", "border", "cellpadding", "cellspacing", "align", "role"],
    td: ["width", "align", "valign", "colspan", "rowspan"],
    th: ["width", "align", "valign", "colspan", "rowspan", "scope"],
    "*": ["style", "align", "dir", "lang"],
  },
  allowedSchemes: ["http", "https", "mailto", "tel"],
  allowedSchemesByTag: { img: ["http", "https"] },
  allowProtocolRelative: false,
  // Inline styles matter in mails; only values that cannot load anything.
  allowedStyles: {
    "*": {
      color: [colour],
      "background-color": [colour],
      "text-align": [/^(left|right|center|justify)$/],
      "text-decoration": [/^(none|underline|line-through)$/],
      "font-size": [length],
      "font-weight": [/^(normal|bold|[1-9]00)$/],
      "font-style": [/^(normal|italic)$/],
      "line-height": [/^(normal|\d(\.\d{1,2})?|\d{1,3}(px|%))$/],
      padding: [lengths],
      margin: [lengths],
      "border-radius": [lengths],
      width: [length],
      "max-width": [length],
      display: [/^(block|inline-block|inline|none)$/],
    },
  },
  // A link opened from a mail or from the preview never gets a handle on the page that opened it.
  transformTags: {
    a: (tagName, attribs) => ({
      tagName,
      attribs: { ...attribs, rel: "noopener noreferrer", ...(attribs.target ? { target: "_blank" } : {}) },
    }),
  },
};

export function sanitizeNewsletterHtml(html: string): string {
  return sanitizeHtml(html, options).trim();
}

const entities: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " " };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name.startsWith("#")) {
      const code = name[1]?.toLowerCase() === "x" ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
      return Number.isInteger(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return entities[name.toLowerCase()] ?? whole;
  });
}

/** The plain-text part of a newsletter mail: paragraphs and list items on their own lines, links spelled out. */
export function newsletterText(html: string): string {
  const withBreaks = sanitizeNewsletterHtml(html)
    .replace(
      /<a\b[^>]*\bhref="([^"]*)"[^>]*>([\s\S]*?)<\/a>/gi,
      (_, href: string, label: string) => `${label} (${href})`,
    )
    .replace(/<li\b[^>]*>/gi, "\n- ")
    .replace(/<br\s*\/?>/gi, "\n")
    .replace(/<\/(p|div|h[1-6]|tr|table|ul|ol|blockquote|section|header|footer|center)>/gi, "\n\n");
  const text = sanitizeHtml(withBreaks, { allowedTags: [], allowedAttributes: {} });
  return decodeEntities(text)
    .split("\n")
    .map((line) => line.replace(/[ \t]+/g, " ").trim())
    .join("\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

/** Whether sanitized HTML still says something (text or an image). */
export function hasVisibleContent(html: string): boolean {
  return /<img\b/i.test(html) || newsletterText(html) !== "";
}
