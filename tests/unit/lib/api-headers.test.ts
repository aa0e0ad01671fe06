import { apiHeaders, apiSecurityHeaders, DOWNLOAD_CSP } from "@/lib/security/headers.mjs";
import nextConfig from "@/next.config.mjs";

describe("apiHeaders", () => {
  const headersFor = apiHeaders(true);

  it("gives every API answer the API's security headers", () => {
    expect(headersFor("/api/tickets")).toEqual(apiSecurityHeaders(true));
    expect(headersFor("/api")).toEqual(apiSecurityHeaders(true));
  });

  it("gives downloads their stricter policy over them", () => {
    expect(headersFor("/api/attachments/a1")).toEqual({
      ...apiSecurityHeaders(true),
      "Content-Security-Policy": DOWNLOAD_CSP,
    });
    expect(headersFor("/api/attachmentsx")["Content-Security-Policy"]).not.toBe(DOWNLOAD_CSP);
  });

  it("are the rules next.config.mjs gives Next, so both ways in send the same", async () => {
    const rules = await nextConfig.headers!();
    const asObject = (headers: { key: string; value: string }[]) =>
      Object.fromEntries(headers.map(({ key, value }) => [key, value]));
    expect(rules.map((rule) => rule.source)).toEqual(["/api/:path*", "/api/attachments/:path*"]);
    const production = process.env.NODE_ENV === "production";
    expect(asObject(rules[0]!.headers)).toEqual(apiHeaders(production)("/api/tickets"));
    expect({ ...asObject(rules[0]!.headers), ...asObject(rules[1]!.headers) }).toEqual(
      apiHeaders(production)("/api/attachments/a1"),
    );
  });
});
