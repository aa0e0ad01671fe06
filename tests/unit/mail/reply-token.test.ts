/** @jest-environment node */
import {
  signBounceToken,
  signReplyToken,
  threadMessageId,
  tokenId,
  tokensInMessageIds,
  verifyBounceToken,
  verifyReplyToken,
} from "@/lib/mail/thread/token";
import { replyAddress, splitReplyAddress } from "@/lib/mail/inbound/addresses";

const SECRET = "s".repeat(64);
const ORG_A = "0193a1b2-0000-7000-8000-00000000000a";
const ORG_B = "0193a1b2-0000-7000-8000-00000000000b";
const TICKET = "0193a1b2-c3d4-7e5f-8a6b-7c8d9e0f1a2b";

describe("reply tokens", () => {
  it("name the ticket for the organisation they were signed for, in lowercase base32 an address keeps", () => {
    const token = signReplyToken(SECRET, ORG_A, TICKET);
    expect(token).toMatch(/^[a-z2-7]{42}$/);
    expect(verifyReplyToken(SECRET, ORG_A, token)).toBe(TICKET);
    expect(verifyReplyToken(SECRET, ORG_A, token.toUpperCase())).toBe(TICKET);
  });

  it("do nothing for another organisation, another secret, or any change", () => {
    const token = signReplyToken(SECRET, ORG_A, TICKET);
    expect(verifyReplyToken(SECRET, ORG_B, token)).toBeNull();
    expect(verifyReplyToken("other", ORG_A, token)).toBeNull();
    const flipped = token.slice(0, 10) + (token[10] === "a" ? "b" : "a") + token.slice(11);
    expect(verifyReplyToken(SECRET, ORG_A, flipped)).toBeNull();
    expect(verifyReplyToken(SECRET, ORG_A, token.slice(1))).toBeNull();
    expect(verifyReplyToken(SECRET, ORG_A, "!".repeat(42))).toBeNull();
  });

  it("travel in Message-IDs and reply addresses", () => {
    const token = signReplyToken(SECRET, ORG_A, TICKET);
    const id = threadMessageId(token, "u1", "ticketry.test");
    expect(tokensInMessageIds([id, "<other@x>"])).toEqual([token]);
    const address = replyAddress("help@a.test", token);
    expect(address.split("@")[0]!.length).toBeLessThanOrEqual(64);
    expect(splitReplyAddress(address)).toEqual({ base: "help@a.test", token });
    expect(splitReplyAddress("Help@A.test")).toEqual({ base: "help@a.test", token: null });
  });
});

describe("bounce tokens", () => {
  const DELIVERY = "0193a1b2-c3d4-7e5f-8a6b-000000000001";

  it("name one mail we sent, for the organisation that sent it", () => {
    const token = signBounceToken(SECRET, ORG_A, DELIVERY);
    expect(token).toMatch(/^[a-z2-7]{42}$/);
    expect(tokenId(token)).toBe(DELIVERY);
    expect(verifyBounceToken(SECRET, ORG_A, token)).toBe(DELIVERY);
    expect(verifyBounceToken(SECRET, ORG_B, token)).toBeNull();
    expect(verifyBounceToken("other", ORG_A, token)).toBeNull();
  });

  it("and a reply token never pass for each other, though both name an id the same way", () => {
    const bounce = signBounceToken(SECRET, ORG_A, TICKET);
    const reply = signReplyToken(SECRET, ORG_A, TICKET);
    expect(bounce.slice(0, 26)).toBe(reply.slice(0, 26));
    expect(verifyReplyToken(SECRET, ORG_A, bounce)).toBeNull();
    expect(verifyBounceToken(SECRET, ORG_A, reply)).toBeNull();
  });
});
