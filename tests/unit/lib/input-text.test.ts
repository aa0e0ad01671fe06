/** @jest-environment node */
import type { AppError } from "@/lib/errors";
import { refuseUnstorableText, strictQuery, unstorableCharacter, utf8Text } from "@/lib/http/server/input-text";

/** The refusal a call throws, as the API would answer it (message and the field it names). */
function refusal(call: () => unknown) {
  try {
    call();
  } catch (error) {
    const { code, message, extra } = error as AppError;
    return { code, message, field: (extra?.issues as { path: string }[] | undefined)?.[0]?.path };
  }
  return null;
}

describe("unstorableCharacter", () => {
  it("names U+0000 and lone surrogates of either half, and passes paired surrogates and other control characters", () => {
    expect(unstorableCharacter("a\u0000b")).toBe("U+0000 (a NUL character)");
    expect(unstorableCharacter("a\uD800b")).toBe("a lone surrogate (U+D800)");
    expect(unstorableCharacter("a\uDC00")).toBe("a lone surrogate (U+DC00)");
    expect(unstorableCharacter("😀 tab\tline\nbell\u0007")).toBeNull();
  });
});

describe("refuseUnstorableText", () => {
  it("names the first field holding one, by its path through objects and arrays", () => {
    expect(refusal(() => refuseUnstorableText({ subject: "ok", ids: ["fine", "a\u0000b"] }))).toEqual({
      code: "validation_failed",
      message: '"ids.1" must not contain U+0000 (a NUL character)',
      field: "ids.1",
    });
    expect(refusal(() => refuseUnstorableText({ invites: [{ email: "x\uD800" }] }))?.field).toBe("invites.0.email");
    expect(refusal(() => refuseUnstorableText("\u0000"))?.field).toBe("body");
  });

  it("refuses a key holding one, shown escaped", () => {
    expect(refusal(() => refuseUnstorableText({ "a\u0000": 1 }))?.message).toBe(
      '"a\\u0000" must not contain U+0000 (a NUL character) in its name',
    );
  });

  it("walks a body nested as deep as its size allows without running out of stack", () => {
    const deep = JSON.parse(`${"[".repeat(60_000)}"\\u0000"${"]".repeat(60_000)}`) as unknown;
    expect(refusal(() => refuseUnstorableText(deep))?.code).toBe("validation_failed");
    expect(refusal(() => refuseUnstorableText({ a: 1, b: [true, null, 2.5], c: { d: "text" } }))).toBeNull();
  });
});

describe("utf8Text", () => {
  it("decodes UTF-8 and refuses overlong forms, encoded surrogates and stray bytes", () => {
    expect(utf8Text(Buffer.from("héllo 😀"))).toBe("héllo 😀");
    for (const bytes of [[0xc0, 0x80], [0xed, 0xa0, 0x80], [0xff], [0xe0, 0x80]])
      expect(refusal(() => utf8Text(Buffer.from([0x61, ...bytes])))).toEqual({
        code: "bad_request",
        message: "Request body is not valid UTF-8",
        field: undefined,
      });
  });
});

describe("strictQuery", () => {
  it("reads a query as URLSearchParams does when it is well formed", () => {
    const search = "?q=a+b%20c&view=all&q=last&empty=&flag&__proto__=x&caf%C3%A9=%F0%9F%98%80";
    expect(strictQuery(search)).toEqual(Object.fromEntries(new URLSearchParams(search)));
    expect(strictQuery("")).toEqual({});
  });

  it("refuses NUL and malformed percent-escapes, naming the parameter", () => {
    for (const search of ["?q=a%00b", "?q=%C0%80", "?q=%E0%80", "?q=%ED%A0%80", "?q=100%", "?q=%zz"])
      expect({ search, ...refusal(() => strictQuery(search)) }).toEqual({
        search,
        code: "validation_failed",
        message: expect.stringMatching(/^"q" /),
        field: "q",
      });
    expect(refusal(() => strictQuery("?a%00=1"))?.message).toBe(
      '"a\\u0000" must not contain U+0000 (a NUL character) in its name',
    );
  });
});
