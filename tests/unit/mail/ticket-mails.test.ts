import { agentReplyMail, ticketCreatedMail, ticketResolvedMail, type TicketMailFacts } from "@/lib/mail/ticket-mails";
import { portalAccessCodeMail } from "@/lib/mail/templates";

// The mails a customer reads about their ticket, as a careful team writes them: named people,
// no "Acme Support support" whatever the organisation is called, the organisation's signature,
// a link to the ticket itself, one mail for a reply that also resolves, and everything anyone
// typed escaped in the HTML part.

const LINK = "https://help.example.test/portal?org=acme&ticket=123";
const RATING = {
  good: "https://help.example.test/rate/tok?score=good",
  bad: "https://help.example.test/rate/tok?score=bad",
};

const facts = (over: Partial<TicketMailFacts> = {}): TicketMailFacts => ({
  ticketNumber: 123,
  subject: "Kettle never arrived",
  organizationName: "Acme Support",
  ticketLink: LINK,
  signature: "",
  ...over,
});

const reply = (text: string, html?: string) => ({ authorName: "Dana Agent", text, ...(html ? { html } : {}) });

/** Every text of a mail that a customer reads: subject, text part, HTML part. */
const allOf = (m: { subject: string; text: string; html?: string }) => `${m.subject}\n${m.text}\n${m.html ?? ""}`;

describe.each(["Acme Support", "Acme", "Kettle Help"])("the mails of %s", (organizationName) => {
  const t = facts({ organizationName });
  const mails = [
    ticketCreatedMail("jo@customer.test", t),
    agentReplyMail("jo@customer.test", t, reply("On its way.")),
    agentReplyMail("jo@customer.test", t, reply("On its way."), RATING),
    ticketResolvedMail("jo@customer.test", t, RATING),
    portalAccessCodeMail("jo@customer.test", organizationName, "12345678", 15),
  ];

  it.each(mails.map((m, i) => [i, m] as const))("never doubles a word of the team's name (mail %i)", (_, mail) => {
    expect(allOf(mail)).not.toMatch(/\b(support|help)\s+\1\b/i);
    expect(allOf(mail)).not.toMatch(/\b(support|help) support\b/i);
  });

  it("names the agent and the organisation in the reply's first line", () => {
    expect(mails[1]!.text.split("\n")[0]).toBe(`Dana Agent from ${organizationName} replied to your ticket #123:`);
    expect(mails[1]!.subject).toBe(`Re: [${organizationName} #123] Kettle never arrived`);
  });

  it("says who resolved the ticket", () => {
    expect(mails[3]!.text.split("\n")[0]).toBe(
      `Your ticket #123 "Kettle never arrived" has been resolved by the ${organizationName} team.`,
    );
  });

  it("gives the portal code in the subject and the text", () => {
    expect(mails[4]!.subject).toBe(`Your ${organizationName} portal code: 12345678`);
    expect(mails[4]!.text).toMatch(/portal is:\s*12345678/);
  });
});

describe("an agent's reply", () => {
  it("links to the ticket itself, in both parts", () => {
    const mail = agentReplyMail("jo@customer.test", facts(), reply("On its way."));
    expect(mail.text).toContain(`View your ticket and reply in the support portal:\n${LINK}`);
    expect(mail.html).toContain(`<a href="${LINK.replace("&", "&amp;")}">support portal</a>`);
  });

  it("ends what the team says with the signature, line breaks kept, before the link", () => {
    const mail = agentReplyMail(
      "jo@customer.test",
      facts({ signature: "Acme Support\nMon-Fri 9-17" }),
      reply("On its way."),
    );
    expect(mail.text).toBe(
      [
        "Dana Agent from Acme Support replied to your ticket #123:",
        "On its way.",
        "Acme Support\nMon-Fri 9-17",
        `View your ticket and reply in the support portal:\n${LINK}`,
      ].join("\n\n"),
    );
    expect(mail.html).toContain("<div data-signature><p>Acme Support<br>Mon-Fri 9-17</p></div>");
  });

  it("has no signature part when the organisation has none", () => {
    const mail = agentReplyMail("jo@customer.test", facts(), reply("On its way."));
    expect(mail.text.split("\n\n")).toHaveLength(3);
    expect(mail.html).not.toContain("data-signature");
  });

  it("escapes the signature, the agent's name and a plain reply in the HTML part", () => {
    const mail = agentReplyMail("jo@customer.test", facts({ signature: `<img src=x onerror="alert(1)"> & Co` }), {
      authorName: "Dana <b>Agent</b>",
      text: "Use <script>alert(2)</script> & wait",
    });
    expect(mail.html).toContain("&lt;img src=x onerror=&quot;alert(1)&quot;&gt; &amp; Co");
    expect(mail.html).toContain("Dana &lt;b&gt;Agent&lt;/b&gt; from Acme Support");
    expect(mail.html).toContain("<div data-reply><p>Use &lt;script&gt;alert(2)&lt;/script&gt; &amp; wait</p></div>");
    expect(mail.html).not.toMatch(/<(img|script|b)\b/);
    // The text part is plain text: what was typed, as typed.
    expect(mail.text).toContain(`<img src=x onerror="alert(1)"> & Co`);
  });

  it("places a formatted reply's sanitized HTML unchanged, with its plain rendering in the text part", () => {
    const mail = agentReplyMail(
      "jo@customer.test",
      facts(),
      reply("It is **fixed**.", "<p>It is <strong>fixed</strong>.</p>"),
    );
    expect(mail.html).toContain("<div data-reply><p>It is <strong>fixed</strong>.</p></div>");
    expect(mail.text).toContain("It is **fixed**.");
  });

  it("that resolves the ticket says so and asks for the rating in the same mail", () => {
    const mail = agentReplyMail(
      "jo@customer.test",
      facts({ signature: "The Acme team" }),
      reply("Fixed in 2.1."),
      RATING,
    );
    expect(mail.text).toBe(
      [
        "Dana Agent from Acme Support replied to your ticket #123 and marked it resolved:",
        "Fixed in 2.1.",
        "The Acme team",
        `How did we do?\nGood: ${RATING.good}\nBad: ${RATING.bad}`,
        `If something is still not right, reply in the support portal:\n${LINK}`,
      ].join("\n\n"),
    );
    expect(mail.html).toContain(`<a href="${RATING.good}"`);
    expect(mail.html).toContain(`<a href="${RATING.bad}"`);
  });
});

describe("the resolved mail", () => {
  it("carries the signature, the rating links and the ticket's link; the customer's subject is escaped in HTML", () => {
    const mail = ticketResolvedMail(
      "jo@customer.test",
      facts({ subject: "Printer <b>on fire</b>", signature: "Acme <Support>" }),
      RATING,
    );
    expect(mail.subject).toBe("Re: [Acme Support #123] Printer <b>on fire</b>");
    expect(mail.text).toContain("\n\nAcme <Support>\n\nHow did we do?\n");
    expect(mail.text).toContain(LINK);
    expect(mail.html).toContain("Printer &lt;b&gt;on fire&lt;/b&gt;");
    expect(mail.html).toContain("Acme &lt;Support&gt;");
    expect(mail.html).not.toContain("<b>");
  });

  it("has no signature part when there is none", () => {
    const mail = ticketResolvedMail("jo@customer.test", facts(), RATING);
    expect(mail.text.split("\n\n")).toHaveLength(3);
  });
});

describe("the received mail", () => {
  it("links to the new ticket", () => {
    const mail = ticketCreatedMail("jo@customer.test", facts());
    expect(mail.subject).toBe("[Acme Support #123] Kettle never arrived");
    expect(mail.text).toContain(`Follow it and reply in the support portal:\n${LINK}`);
  });
});
