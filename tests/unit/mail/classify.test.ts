import { classifyNoise, type MailTraits } from "@/lib/mail/inbound/classify";

const traits = (headers: Record<string, string>, extra: Partial<MailTraits> = {}): MailTraits => ({
  header: (name) => headers[name] ?? null,
  contentType: "text/plain",
  reportType: null,
  envelopeFrom: "jane@customer.test",
  fromAddress: "jane@customer.test",
  ownAddresses: new Set(["help@a.test"]),
  ...extra,
});

describe("classifyNoise (RFC 3834 and list conventions)", () => {
  it("lets a person's mail through", () => {
    expect(classifyNoise(traits({}))).toBeNull();
    expect(classifyNoise(traits({ "auto-submitted": "no" }))).toBeNull();
    expect(classifyNoise(traits({ precedence: "first-class" }))).toBeNull();
  });

  it.each([
    [{ "auto-submitted": "auto-replied" }, "auto_reply"],
    [{ "auto-submitted": "auto-generated; owner-email=x@y" }, "auto_reply"],
    [{ "x-autoreply": "yes" }, "auto_reply"],
    [{ "x-autorespond": "" }, "auto_reply"],
    [{ precedence: "list" }, "list"],
    [{ "list-id": "<kettles.example.test>" }, "list"],
    [{ precedence: "bulk" }, "bulk"],
    [{ precedence: "junk" }, "bulk"],
    [{ "return-path": "<>" }, "null_sender"],
  ])("%j is %s", (headers, expected) => {
    expect(classifyNoise(traits(headers as Record<string, string>))).toBe(expected);
  });

  it("recognises a delivery status notification, a null envelope sender and our own addresses", () => {
    expect(classifyNoise(traits({}, { contentType: "multipart/report", reportType: "delivery-status" }))).toBe(
      "bounce",
    );
    expect(
      classifyNoise(traits({}, { contentType: "multipart/report", reportType: "disposition-notification" })),
    ).toBeNull();
    expect(classifyNoise(traits({}, { envelopeFrom: "" }))).toBe("null_sender");
    expect(classifyNoise(traits({}, { envelopeFrom: null }))).toBeNull();
    expect(classifyNoise(traits({}, { fromAddress: "help@a.test" }))).toBe("own_address");
  });
});
