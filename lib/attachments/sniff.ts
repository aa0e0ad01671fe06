/**
 * The type of a file from its first bytes, never from what the sender's mail claimed: a
 * program named invoice.pdf is a program, a web page named notes.txt is a web page.
 * Unknown binary data is application/octet-stream.
 */
type Signature = { type: string; offset?: number; bytes: (number | null)[] };

const hex = (s: string) => s.split(" ").map((b) => (b === "??" ? null : parseInt(b, 16)));

const SIGNATURES: Signature[] = [
  { type: "application/pdf", bytes: hex("25 50 44 46 2d") },
  { type: "image/png", bytes: hex("89 50 4e 47 0d 0a 1a 0a") },
  { type: "image/jpeg", bytes: hex("ff d8 ff") },
  { type: "image/gif", bytes: hex("47 49 46 38") },
  { type: "image/webp", bytes: hex("52 49 46 46 ?? ?? ?? ?? 57 45 42 50") },
  { type: "image/bmp", bytes: hex("42 4d") },
  { type: "image/tiff", bytes: hex("49 49 2a 00") },
  { type: "image/tiff", bytes: hex("4d 4d 00 2a") },
  { type: "image/x-icon", bytes: hex("00 00 01 00") },
  { type: "audio/wav", bytes: hex("52 49 46 46 ?? ?? ?? ?? 57 41 56 45") },
  { type: "audio/mpeg", bytes: hex("49 44 33") },
  { type: "video/mp4", offset: 4, bytes: hex("66 74 79 70") },
  { type: "application/zip", bytes: hex("50 4b 03 04") },
  { type: "application/zip", bytes: hex("50 4b 05 06") },
  { type: "application/gzip", bytes: hex("1f 8b") },
  { type: "application/x-7z-compressed", bytes: hex("37 7a bc af 27 1c") },
  { type: "application/vnd.rar", bytes: hex("52 61 72 21 1a 07") },
  { type: "application/x-msdownload", bytes: hex("4d 5a") },
  { type: "application/x-executable", bytes: hex("7f 45 4c 46") },
  { type: "application/x-mach-binary", bytes: hex("cf fa ed fe") },
  { type: "application/x-ole-storage", bytes: hex("d0 cf 11 e0 a1 b1 1a e1") },
  { type: "application/rtf", bytes: hex("7b 5c 72 74 66") },
];

/** Office documents are zip files: the extension tells which one, the bytes that it is a zip. */
const ZIP_DOCUMENTS: Record<string, string> = {
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  pptx: "application/vnd.openxmlformats-officedocument.presentationml.presentation",
  odt: "application/vnd.oasis.opendocument.text",
  ods: "application/vnd.oasis.opendocument.spreadsheet",
};

function matches(data: Uint8Array, { offset = 0, bytes }: Signature): boolean {
  if (data.length < offset + bytes.length) return false;
  return bytes.every((b, i) => b === null || data[offset + i] === b);
}

/** Markup a browser would run if it were ever rendered: looked for at the start of a text file. */
const MARKUP: [RegExp, string][] = [
  [/^<\?xml[\s\S]{0,2048}<svg[\s>]/i, "image/svg+xml"],
  [/^<svg[\s>]/i, "image/svg+xml"],
  [/^<\?xml/i, "application/xml"],
  [
    /^<(!doctype\s+html|html|head|body|script|iframe|style|title|a\s|img\s|div|table|p[\s>]|br|b[\s>]|h1|!--)/i,
    "text/html",
  ],
];

function isText(sample: Uint8Array): boolean {
  if (sample.includes(0)) return false;
  try {
    new TextDecoder("utf-8", { fatal: true }).decode(sample);
    return true;
  } catch {
    // A multi-byte character cut at the sample's end is still text.
    return sample.length >= 4096 && isText(sample.subarray(0, sample.length - 3));
  }
}

export function sniffContentType(data: Uint8Array, filename = ""): string {
  for (const signature of SIGNATURES) {
    if (!matches(data, signature)) continue;
    if (signature.type === "application/zip") {
      const ext = filename.toLowerCase().split(".").pop() ?? "";
      return ZIP_DOCUMENTS[ext] ?? signature.type;
    }
    return signature.type;
  }
  const sample = data.subarray(0, 4096);
  if (!isText(sample)) return "application/octet-stream";
  const start = new TextDecoder()
    .decode(sample)
    .replace(/^\uFEFF/, "")
    .trimStart();
  for (const [pattern, type] of MARKUP) if (pattern.test(start)) return type;
  // HTML anywhere near the top of a "text" file still makes it a web page to a browser.
  if (/<(script|html|body|iframe|svg)[\s>]/i.test(start.slice(0, 1024))) return "text/html";
  return "text/plain";
}
