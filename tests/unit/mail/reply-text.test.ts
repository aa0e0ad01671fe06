import { visibleReplyText } from "@/lib/mail/inbound/reply-text";

describe("visibleReplyText", () => {
  it("cuts Gmail's quote, even when its 'wrote:' line wraps", () => {
    const text =
      "Thanks, that works!\n\nOn Mon, Nov 23, 2026 at 10:00 AM Acme Help <help@a.test>\nwrote:\n\n> We received it\n";
    expect(visibleReplyText(text)).toBe("Thanks, that works!");
  });

  it("cuts Outlook's From/Sent block and its rule", () => {
    const text =
      "Sure, Tuesday works.\r\n\r\n________________________________\r\nFrom: Acme Help <help@a.test>\r\nSent: Monday, November 23, 2026 10:00 AM\r\nTo: Jane\r\nSubject: RE: Order\r\n\r\nWe have received\r\n";
    expect(visibleReplyText(text)).toBe("Sure, Tuesday works.");
    expect(visibleReplyText("Ok\n\n-----Original Message-----\nFrom: x\n")).toBe("Ok");
    expect(visibleReplyText("Ok\n\nFrom: Acme <a@b>\nSent: today\nTo: me\n\nold")).toBe("Ok");
  });

  it("cuts Apple Mail's quote and 'Sent from my iPhone'", () => {
    const text =
      "Yes please.\n\nSent from my iPhone\n\n> On 23 Nov 2026, at 10:00, Acme Help <help@a.test> wrote:\n>\n> Hello\n";
    expect(visibleReplyText(text)).toBe("Yes please.");
  });

  it("cuts a '-- ' signature and trailing quoted lines", () => {
    expect(visibleReplyText("Hi there\n\n-- \nJane Doe\nCEO\n")).toBe("Hi there");
    expect(visibleReplyText("Answer\n> old line\n>\n> older\n")).toBe("Answer");
  });

  it("keeps inline answers between quoted lines and a reply typed entirely inside the quote", () => {
    expect(visibleReplyText("> Which colour?\nBlue\n> Size?\nLarge")).toBe("> Which colour?\nBlue\n> Size?\nLarge");
    expect(visibleReplyText("On Mon, Jane wrote:\n> only a quote")).toBe("On Mon, Jane wrote:\n> only a quote");
  });

  it("keeps a 'From:' line that is not Outlook's header block", () => {
    expect(visibleReplyText("From: the warehouse we heard nothing.\nPlease check.")).toBe(
      "From: the warehouse we heard nothing.\nPlease check.",
    );
  });
});
