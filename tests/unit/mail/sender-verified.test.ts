/** @jest-environment node */
import { generateKeyPairSync } from "node:crypto";
import { dkimSign } from "mailauth";
import { authenticateMail, senderVerified, setAuthResolver, type AuthResults } from "@/lib/mail/inbound/authentication";
import { historySentence } from "@/lib/format/ticket-history";
import { auditText } from "@/lib/format/audit-text";

// Which From addresses count as verified, judged on real mail by mailauth with an in-process DNS:
// vouch.test publishes SPF for 192.0.2.7 and a DMARC policy; keyed.test only a DKIM key;
// plain.test nothing.
const key = generateKeyPairSync("rsa", { modulusLength: 2048 });
const RECORDS: Record<string, string[][]> = {
  "vouch.test:TXT": [["v=spf1 ip4:192.0.2.7 -all"]],
  "_dmarc.vouch.test:TXT": [["v=DMARC1; p=quarantine"]],
  "sel._domainkey.keyed.test:TXT": [
    [`v=DKIM1; k=rsa; p=${key.publicKey.export({ type: "spki", format: "der" }).toString("base64")}`],
  ],
};
beforeAll(() =>
  setAuthResolver(async (name, rrtype) => {
    const found = RECORDS[`${name.toLowerCase()}:${rrtype}`];
    if (found) return found;
    throw Object.assign(new Error("no record"), { code: "ENOTFOUND" });
  }),
);
afterAll(() => setAuthResolver(null));

const message = (headers: string) =>
  Buffer.from(`${headers}\r\nTo: help@acme.test\r\nSubject: Re: [Acme #5] Hello\r\nMessage-ID: <m@x>\r\n\r\nHi\r\n`);
const signed = async (domain: string, raw: Buffer) => {
  const privateKey = key.privateKey.export({ type: "pkcs8", format: "pem" });
  const { signatures } = await dkimSign(raw, {
    signatureData: [{ signingDomain: domain, selector: "sel", privateKey }],
  });
  return Buffer.concat([Buffer.from(signatures), raw]);
};
const verdict = async (raw: Buffer, envelopeFrom: string, ip: string, from: string) => {
  const auth = await authenticateMail(raw, { from: envelopeFrom, remoteAddress: ip });
  return { auth, verified: senderVerified(auth, from) };
};

describe("a verified sender", () => {
  it("is a From address whose domain passes DMARC", async () => {
    const { auth, verified } = await verdict(
      message("From: Sam <sam@vouch.test>"),
      "sam@vouch.test",
      "192.0.2.7",
      "sam@vouch.test",
    );
    expect(auth).toMatchObject({ spf: "pass", dmarc: "pass", verifiedDomain: "vouch.test" });
    expect(verified).toBe(true);
  });

  it("is a From address whose domain, publishing no DMARC policy, signed the mail", async () => {
    const raw = await signed("keyed.test", message("From: ada@keyed.test"));
    const { auth, verified } = await verdict(raw, "ada@keyed.test", "198.51.100.1", "ada@keyed.test");
    expect(auth).toMatchObject({ dkim: "pass", dmarc: "none", verifiedDomain: "keyed.test" });
    expect(verified).toBe(true);
  });
});

describe("not a verified sender", () => {
  it("a domain with no records at all", async () => {
    const { auth, verified } = await verdict(
      message("From: casey@plain.test"),
      "casey@plain.test",
      "198.51.100.1",
      "casey@plain.test",
    );
    expect(auth).toMatchObject({ spf: "none", dkim: "none", dmarc: "none", verifiedDomain: null });
    expect(verified).toBe(false);
  });

  it("a domain that fails its own DMARC policy (the mail came from elsewhere)", async () => {
    const { auth, verified } = await verdict(
      message("From: sam@vouch.test"),
      "sam@vouch.test",
      "198.51.100.1",
      "sam@vouch.test",
    );
    expect(auth).toMatchObject({ spf: "fail", dmarc: "fail", verifiedDomain: null });
    expect(verified).toBe(false);
  });

  it("an SPF pass for the return path's domain only", async () => {
    const { auth, verified } = await verdict(
      message("From: casey@plain.test"),
      "bounce@vouch.test",
      "192.0.2.7",
      "casey@plain.test",
    );
    expect(auth).toMatchObject({ spf: "pass", dmarc: "none", verifiedDomain: null });
    expect(verified).toBe(false);
  });

  it("a DKIM pass for the signer's domain only", async () => {
    const raw = await signed("keyed.test", message("From: casey@plain.test"));
    const { auth, verified } = await verdict(raw, "casey@plain.test", "198.51.100.1", "casey@plain.test");
    expect(auth).toMatchObject({ dkim: "pass", dmarc: "none", verifiedDomain: null });
    expect(verified).toBe(false);
  });

  it("a From address other than the domain that vouched (as another parser might read the mail)", () => {
    const auth: AuthResults = {
      spf: "pass",
      dkim: "pass",
      dmarc: "pass",
      dmarcDomain: "vouch.test",
      verifiedDomain: "vouch.test",
    };
    expect(senderVerified(auth, "casey@plain.test")).toBe(false);
    expect(senderVerified(auth, "mallory@evilvouch.test")).toBe(false);
    expect(senderVerified(auth, null)).toBe(false);
    expect(senderVerified(auth, "Sam@Vouch.test")).toBe(true);
  });
});

describe("the history of a mail whose sender is not verified", () => {
  it("says so, without naming the claimed sender as its author", () => {
    const event = {
      action: "ticket.unverified_reply",
      actorType: "system",
      actorLabel: "Ticketry",
      metadata: { email: "casey@plain.test" },
    };
    expect(historySentence(event, new Map(), "Casey")).toBe(
      "A mail from casey@plain.test joined by the ticket number in its subject: Sender not verified",
    );
    expect(auditText({ action: event.action, actor: "Ticketry", metadata: event.metadata, ticketNumber: 5 })).toBe(
      "A mail from casey@plain.test joined ticket #5 by the ticket number in its subject: Sender not verified",
    );
  });
});
