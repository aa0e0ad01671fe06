import { DEFAULT_AFTER_LOGIN, redirectTarget } from "@/lib/http/client/redirect-target";

const ORIGIN = "https://help.example.com";

describe("redirectTarget", () => {
  // As the login form reads them from `?next=` (already percent-decoded once).
  it.each([
    ["a backslash after the slash", "/\\evil.example"],
    ["a tab inside the slashes", "/\t/evil.example"],
    ["a tab before the slashes", "\t//evil.example"],
    ["a newline inside the slashes", "/\n/evil.example"],
    ["two slashes", "//evil.example"],
    ["two backslashes", "\\\\evil.example"],
    ["three slashes", "///evil.example"],
    ["a dot segment that leaves two slashes", "/.//evil.example"],
    ["a parent segment that leaves two slashes", "/x/..//evil.example"],
    ["an absolute URL", "https://evil.example/app"],
    ["another port of the same host", "https://help.example.com:8443/app"],
    ["plain http to the same host", "http://help.example.com/app"],
    ["user info before the host", "https://help.example.com@evil.example/"],
    ["javascript:", "javascript:alert(1)"],
    ["JavaScript: with a leading space", " JavaScript:alert(1)"],
    ["data:", "data:text/html,<script>alert(1)</script>"],
    ["an unparseable URL", "http://[::1"],
  ])("keeps %s on the app: %j", (_name, next) => {
    const target = redirectTarget(next, ORIGIN);
    expect(target).toBe(DEFAULT_AFTER_LOGIN);
  });

  it.each([
    ["/%5Cevil.example", "/%5Cevil.example"],
    ["/%09/evil.example", "/%09/evil.example"],
    ["/%2F%2Fevil.example", "/%2F%2Fevil.example"],
  ])("leaves a value encoded twice as a path of the app: %j", (next, expected) => {
    expect(redirectTarget(next, ORIGIN)).toBe(expected);
    expect(new URL(redirectTarget(next, ORIGIN), ORIGIN).origin).toBe(ORIGIN);
  });

  it.each([
    ["/app", "/app"],
    ["/profile?tab=password#change", "/profile?tab=password#change"],
    ["/app#all-open", "/app#all-open"],
    ["/settings?x=1&y=%2F%2Fevil#team", "/settings?x=1&y=%2F%2Fevil#team"],
    [`${ORIGIN}/users?q=ann`, "/users?q=ann"],
    ["app/../profile", "/profile"],
    // Same scheme without slashes is a relative path in every browser.
    ["https:evil.example", "/evil.example"],
  ])("keeps the path, query and hash of a page of the app: %j", (next, expected) => {
    expect(redirectTarget(next, ORIGIN)).toBe(expected);
  });

  it.each([null, undefined, ""])("goes to the default without a value: %j", (next) => {
    expect(redirectTarget(next, ORIGIN)).toBe(DEFAULT_AFTER_LOGIN);
  });

  it("never returns anything a browser would read as another origin", () => {
    const prefixes = ["/", "\\", "\t", "/.", "/./", "/..", " ", "%2F"];
    for (const a of prefixes)
      for (const b of prefixes)
        for (const c of prefixes) {
          const target = redirectTarget(`${a}${b}${c}evil.example/x`, ORIGIN);
          expect(target.startsWith("/")).toBe(true);
          expect(new URL(target, ORIGIN).origin).toBe(ORIGIN);
        }
  });

  it("gives the caller's landing page when sent nowhere, or somewhere off the origin", () => {
    expect(redirectTarget(null, ORIGIN, "/platform-admin")).toBe("/platform-admin");
    expect(redirectTarget("https://evil.example/x", ORIGIN, "/platform-admin")).toBe("/platform-admin");
    expect(redirectTarget("/app#closed", ORIGIN, "/platform-admin")).toBe("/app#closed");
  });
});
