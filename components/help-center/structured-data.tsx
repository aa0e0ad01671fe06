import { headers } from "next/headers";

/**
 * Structured data for search engines (schema.org JSON-LD). "<" is written as \u003c so no
 * title or summary can close the script element.
 */
export async function StructuredData({ data }: { data: object }) {
  const nonce = (await headers()).get("x-nonce") ?? undefined;
  return (
    <script
      type="application/ld+json"
      nonce={nonce}
      dangerouslySetInnerHTML={{ __html: JSON.stringify(data).replace(/</g, "\\u003c") }}
    />
  );
}
