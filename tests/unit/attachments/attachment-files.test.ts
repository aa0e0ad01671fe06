/** @jest-environment node */
import { sanitizeFilename, MAX_FILENAME_LENGTH } from "@/lib/attachments/filename";
import { contentDisposition, servedContentType } from "@/lib/attachments/serving";
import { sniffContentType } from "@/lib/attachments/sniff";
import { formatFileSize } from "@/lib/format/file-size";

const bytes = (hex: string, rest = 16) =>
  Buffer.concat([Buffer.from(hex.replace(/ /g, ""), "hex"), Buffer.alloc(rest)]);

describe("sniffContentType", () => {
  it.each([
    ["a.pdf", Buffer.from("%PDF-1.4\n"), "application/pdf"],
    ["a.pdf", bytes("4d 5a 90 00"), "application/x-msdownload"],
    ["a.jpg", bytes("7f 45 4c 46"), "application/x-executable"],
    ["a.png", bytes("89 50 4e 47 0d 0a 1a 0a"), "image/png"],
    ["a.txt", bytes("ff d8 ff e0"), "image/jpeg"],
    ["a.webp", Buffer.from("RIFF\0\0\0\0WEBPVP8 "), "image/webp"],
    ["a.docx", bytes("50 4b 03 04"), "application/vnd.openxmlformats-officedocument.wordprocessingml.document"],
    ["a.pdf", bytes("50 4b 03 04"), "application/zip"],
    ["notes.txt", Buffer.from("<!doctype html><p>hi"), "text/html"],
    ["notes.txt", Buffer.from("\uFEFF  <HTML>"), "text/html"],
    ["notes.txt", Buffer.from("Dear team,\n<script>alert(1)</script>"), "text/html"],
    ["logo.png", Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), "image/svg+xml"],
    ["logo.png", Buffer.from('<?xml version="1.0"?>\n<svg>'), "image/svg+xml"],
    ["feed.txt", Buffer.from('<?xml version="1.0"?><rss/>'), "application/xml"],
    ["notes.txt", Buffer.from("Grüße, 2 < 3 and a > b"), "text/plain"],
    ["blob", Buffer.from([1, 2, 0, 3, 200]), "application/octet-stream"],
    ["empty", Buffer.alloc(0), "text/plain"],
  ])("%s with its bytes is %s", (name, data, type) => {
    expect(sniffContentType(data, name)).toBe(type);
  });
});

describe("sanitizeFilename", () => {
  it.each([
    ["../../etc/passwd", "passwd"],
    ["C:\\Users\\me\\report.pdf", "report.pdf"],
    ["invoice\u202Efdp.exe", "invoicefdp.exe"],
    ["zero\u200Bwidth.txt", "zerowidth.txt"],
    ["bell\u0007.txt", "bell.txt"],
    ['a<b>c:"d"|e?f*.txt', "a_b_c__d__e_f_.txt"],
    ["  ..hidden  ", "hidden"],
    ["name.", "name"],
    ["", "attachment"],
    ["...", "attachment"],
    ["Résumé ☃.txt", "Résumé ☃.txt"],
  ])("%j becomes %j", (raw, safe) => {
    expect(sanitizeFilename(raw)).toBe(safe);
  });

  it("shortens a long name but keeps its extension", () => {
    const safe = sanitizeFilename(`${"a".repeat(500)}.pdf`);
    expect(safe).toHaveLength(MAX_FILENAME_LENGTH);
    expect(safe.endsWith(".pdf")).toBe(true);
  });
});

describe("serving", () => {
  it.each([
    ["text/html", "application/octet-stream"],
    ["image/svg+xml", "application/octet-stream"],
    ["application/xml", "application/octet-stream"],
    ["application/javascript", "application/octet-stream"],
    ["text/plain", "text/plain; charset=utf-8"],
    ["application/pdf", "application/pdf"],
    ["image/png", "image/png"],
  ])("stored %s is sent as %s", (stored, sent) => {
    expect(servedContentType(stored)).toBe(sent);
  });

  it("quotes no header-breaking characters into the fallback name", () => {
    expect(contentDisposition('a";\r\nX-Evil: 1.txt')).toBe(
      `attachment; filename="a____X-Evil: 1.txt"; filename*=UTF-8''a%22%3B%0D%0AX-Evil%3A%201.txt`,
    );
  });
});

describe("formatFileSize", () => {
  it.each([
    [0, "0 B"],
    [1023, "1023 B"],
    [1536, "1.5 KB"],
    [25 * 1024 * 1024, "25 MB"],
    [3.25 * 1024 * 1024 * 1024, "3.3 GB"],
  ])("%d bytes read as %s", (n, text) => {
    expect(formatFileSize(n)).toBe(text);
  });
});
