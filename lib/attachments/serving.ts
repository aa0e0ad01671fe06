import { DOWNLOAD_CSP } from "@/lib/security/headers.mjs";

/**
 * How a stored file is handed to a browser: always as a download, never rendered. A type
 * a browser could run as a page (HTML, SVG, XML, scripts) is sent as plain bytes.
 */
const ACTIVE = /html|xml|svg|javascript|ecmascript|x-sh|wasm/i;

export function servedContentType(stored: string): string {
  if (ACTIVE.test(stored)) return "application/octet-stream";
  // Text is sent as text so the type is honest, with a charset so no browser guesses one.
  return stored === "text/plain" ? "text/plain; charset=utf-8" : stored;
}

/** `attachment` with an ASCII fallback name and the exact name in RFC 5987 form (`filename*`). */
export function contentDisposition(filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]/g, "_").replace(/["\\%;]/g, "_") || "attachment";
  const encoded = encodeURIComponent(filename).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/** Headers of every attachment download, beside its type and disposition. */
export const DOWNLOAD_HEADERS = {
  "X-Content-Type-Options": "nosniff",
  "Content-Security-Policy": DOWNLOAD_CSP,
  "Cache-Control": "private, no-store",
  "Cross-Origin-Resource-Policy": "same-origin",
} as const;
