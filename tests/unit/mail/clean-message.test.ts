/** @jest-environment node */
import { cleanMessage, type MailMessage } from "@/lib/mail/transport";

const base: MailMessage = { to: "jane@customer.test", subject: "Re: [Acme #1] Kettle", text: "Hello" };

describe("cleanMessage: no header injection through the thread headers", () => {
  it("keeps a well-formed threaded message as it is", () => {
    const threaded: MailMessage = {
      ...base,
      fromName: "Acme Help",
      replyTo: "help+abc@a.test",
      messageId: "<ticket.abc.1@ticketry.test>",
      inReplyTo: "<x@client.test>",
      references: ["<x@client.test>", "<y@client.test>"],
      autoSubmitted: "auto-replied",
    };
    expect(cleanMessage(threaded)).toEqual(threaded);
  });

  it.each([
    ["replyTo", { replyTo: "help@a.test\r\nBcc: victim@x.test" }],
    ["messageId", { messageId: "<a@b>\nBcc: victim@x.test" }],
    ["inReplyTo", { inReplyTo: "<a@b>\r\nX-Evil: 1" }],
    ["references", { references: ["<a@b>", "<c@d>\u2028Bcc: v@x.test"] }],
    ["to", { to: "jane@customer.test\nBcc: v@x.test" }],
  ])("refuses a message whose %s carries a line break", (_, change) => {
    expect(cleanMessage({ ...base, ...change })).toBeNull();
  });

  it("flattens a display name and a subject to one line", () => {
    const cleaned = cleanMessage({ ...base, fromName: "Acme\r\nBcc: v@x.test", subject: "Hi\nBcc: v@x.test" })!;
    expect(cleaned.fromName).toBe("Acme  Bcc: v@x.test");
    expect(cleaned.subject).toBe("Hi Bcc: v@x.test");
  });
});
