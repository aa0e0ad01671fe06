import { csvCell, csvRow, fileNamePart } from "@/lib/reports/csv";

describe("csvCell", () => {
  it("neutralises every start a spreadsheet runs as a formula", () => {
    expect(csvCell('=HYPERLINK("http://x")')).toBe('"\'=HYPERLINK(""http://x"")"');
    expect(csvCell("+1")).toBe("'+1");
    expect(csvCell("-2+3")).toBe("'-2+3");
    expect(csvCell("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(csvCell("\t=1")).toBe("'\t=1");
    expect(csvCell("\r=1")).toBe('"\'\r=1"');
  });

  it("quotes per RFC 4180 only where a cell needs it", () => {
    expect(csvCell("Printer, on fire")).toBe('"Printer, on fire"');
    expect(csvCell('He said "hi"')).toBe('"He said ""hi"""');
    expect(csvCell("two\nlines")).toBe('"two\nlines"');
    expect(csvCell("plain text")).toBe("plain text");
    expect(csvCell("a=b")).toBe("a=b");
  });

  it("writes numbers, times, yes/no and nothing as such", () => {
    expect(csvCell(-5)).toBe("-5");
    expect(csvCell(12.5)).toBe("12.5");
    expect(csvCell(Number.NaN)).toBe("");
    expect(csvCell(new Date("2026-11-02T15:00:00Z"))).toBe("2026-11-02T15:00:00.000Z");
    expect(csvCell(true)).toBe("yes");
    expect(csvCell(null)).toBe("");
    expect(csvCell(undefined)).toBe("");
  });

  it("ends each record with CRLF", () => {
    expect(csvRow([1, "a,b", null, "=x"])).toBe('1,"a,b",,\'=x\r\n');
  });
});

describe("fileNamePart", () => {
  it("keeps letters, digits and dots, one dash for the rest", () => {
    expect(fileNamePart("Field.Plan = Pro/Enterprise")).toBe("field.plan-pro-enterprise");
    expect(fileNamePart('  ../evil"name;  ')).toBe("..-evil-name");
  });
});
