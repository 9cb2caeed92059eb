// Reads the .eml files the file transport writes (development and tests):
// headers, the text and HTML parts, and the links in the text.

export interface ParsedMail {
  to: string;
  subject: string;
  date: string;
  text: string;
  html: string;
  /** Every http(s) link in the text part. */
  links: string[];
  /** Every top-level header, names lowercased, values unfolded. */
  headers: Record<string, string>;
}

function decodeQuotedPrintable(text: string): string {
  const bytes: number[] = [];
  const joined = text.replace(/=\r?\n/g, "");
  for (let i = 0; i < joined.length; i++) {
    const char = joined[i]!;
    const hex = joined.slice(i + 1, i + 3);
    if (char === "=" && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(char, "utf8"));
    }
  }
  return Buffer.from(bytes).toString("utf8");
}

function decodeEncodedWords(value: string): string {
  return value.replace(/=\?utf-8\?([QB])\?([^?]*)\?=\s*/gi, (_, encoding: string, body: string) =>
    encoding.toUpperCase() === "B"
      ? Buffer.from(body, "base64").toString("utf8")
      : decodeQuotedPrintable(body.replace(/_/g, " ")),
  );
}

function splitHead(raw: string): { headers: Map<string, string>; body: string } {
  const separator = /\r?\n\r?\n/.exec(raw);
  const head = separator ? raw.slice(0, separator.index) : raw;
  const body = separator ? raw.slice(separator.index + separator[0].length) : "";
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r?\n[ \t]+/g, " ").split(/\r?\n/)) {
    const colon = line.indexOf(":");
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function decodeBody(body: string, encoding: string | undefined): string {
  if (/quoted-printable/i.test(encoding ?? "")) return decodeQuotedPrintable(body);
  if (/base64/i.test(encoding ?? "")) return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
  return body;
}

/** Leaf parts of a (possibly multipart) message, with their content type. */
function leafParts(raw: string): { type: string; content: string }[] {
  const { headers, body } = splitHead(raw);
  const contentType = headers.get("content-type") ?? "text/plain";
  const boundary = /boundary="?([^";]+)"?/i.exec(contentType)?.[1];
  if (!/^multipart\//i.test(contentType) || !boundary) {
    return [
      {
        type: contentType.split(";")[0]!.trim().toLowerCase(),
        content: decodeBody(body, headers.get("content-transfer-encoding")),
      },
    ];
  }
  return body
    .split(`--${boundary}`)
    .slice(1)
    .filter((part) => !part.startsWith("--"))
    .flatMap((part) => leafParts(part.replace(/^\r?\n/, "")));
}

export function parseEml(raw: string): ParsedMail {
  const { headers } = splitHead(raw);
  const parts = leafParts(raw);
  const text = parts.find((part) => part.type === "text/plain")?.content ?? "";
  const html = parts.find((part) => part.type === "text/html")?.content ?? "";
  return {
    to: decodeEncodedWords(headers.get("to") ?? ""),
    subject: decodeEncodedWords(headers.get("subject") ?? ""),
    date: headers.get("date") ?? "",
    text,
    html,
    links: text.match(/https?:\/\/[^\s<>"]+/g) ?? [],
    headers: Object.fromEntries(headers),
  };
}
