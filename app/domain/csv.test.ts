import { describe, expect, it } from "vitest";
import { csvCell, csvDateTime, csvDialect, toCsv } from "./csv";

describe("CSV for a spreadsheet", () => {
  it("splits on ';' with a decimal comma in French, German and Spanish, on ',' with a point in English", () => {
    expect(csvDialect("fr")).toEqual({ separator: ";", decimalSeparator: "," });
    expect(csvDialect("de")).toEqual({ separator: ";", decimalSeparator: "," });
    expect(csvDialect("es")).toEqual({ separator: ";", decimalSeparator: "," });
    expect(csvDialect("en")).toEqual({ separator: ",", decimalSeparator: "." });
    expect(csvCell(72.5, csvDialect("fr"))).toBe("72,5");
    expect(csvCell(72.5, csvDialect("en"))).toBe("72.5");
    expect(csvCell(-3, csvDialect("fr"))).toBe("-3");
  });

  it("quotes what holds a separator, a quote or a line break, and leaves empty what is missing", () => {
    const fr = csvDialect("fr");
    expect(csvCell("Séance; jambes", fr)).toBe('"Séance; jambes"');
    expect(csvCell('Dit "bravo"', fr)).toBe('"Dit ""bravo"""');
    expect(csvCell("deux\nlignes", fr)).toBe('"deux\nlignes"');
    expect(csvCell(null, fr)).toBe("");
    expect(csvCell(undefined, fr)).toBe("");
    expect(csvCell(Number.NaN, fr)).toBe("");
  });

  it("keeps a text a spreadsheet would run as a formula as text", () => {
    const en = csvDialect("en");
    expect(csvCell('=HYPERLINK("http://evil")', en)).toBe('"\'=HYPERLINK(""http://evil"")"');
    expect(csvCell("+33 6", en)).toBe("'+33 6");
    expect(csvCell("-mal", en)).toBe("'-mal");
    expect(csvCell("@cmd", en)).toBe("'@cmd");
  });

  it("starts with a byte order mark and ends every line with CRLF", () => {
    const file = toCsv(
      ["Date", "Poids (kg)"],
      [
        ["2026-01-31 08:30", 80.5],
        ["2026-02-01 09:00", null],
      ],
      csvDialect("fr"),
    );
    expect(file).toBe("\uFEFFDate;Poids (kg)\r\n2026-01-31 08:30;80,5\r\n2026-02-01 09:00;\r\n");
  });

  it("writes instants in UTC, to the minute", () => {
    expect(csvDateTime(new Date("2026-03-12T08:30:59.999Z"))).toBe("2026-03-12 08:30");
  });
});
