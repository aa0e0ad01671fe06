import { hashToken, newToken } from "@/lib/auth/tokens";
import { historySentence } from "@/lib/format/ticket-history";
import { auditText } from "@/lib/format/audit-text";
import {
  looksLikeRatingToken,
  percentGood,
  RATING_CHANGE_WINDOW_MS,
  RATING_LINK_TTL_MS,
  ratingChangeableUntil,
  ratingLinkExpiresAt,
  ratingLinkState,
  ratingLinkUrl,
  scoreFromQuery,
} from "@/lib/satisfaction/rating-link";
import { rateTicketSchema } from "@/lib/schemas/satisfaction";

const DAY = 24 * 60 * 60 * 1000;

describe("rating link tokens", () => {
  it("are 32 random bytes in base64url (43 characters), different every time, stored as a SHA-256 hash", () => {
    const a = newToken();
    const b = newToken();
    expect(a).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(a, "base64url")).toHaveLength(32);
    expect(a).not.toBe(b);
    expect(hashToken(a)).toMatch(/^[0-9a-f]{64}$/);
    expect(hashToken(a)).not.toBe(hashToken(b));
    expect(looksLikeRatingToken(a)).toBe(true);
  });

  it("are not looked up when they cannot be ours", () => {
    for (const bad of ["", "short", "A".repeat(42), "A".repeat(44), `${"A".repeat(42)}=`, `${"A".repeat(42)}/`]) {
      expect(looksLikeRatingToken(bad)).toBe(false);
    }
  });

  it("make a link from APP_URL with the chosen score", () => {
    expect(ratingLinkUrl("https://help.example.com", "tok_en-1", "bad")).toBe(
      "https://help.example.com/rate/tok_en-1?score=bad",
    );
  });

  it("read only good or bad from the link's query", () => {
    expect(scoreFromQuery("good")).toBe("good");
    expect(scoreFromQuery("bad")).toBe("bad");
    for (const other of [undefined, "", "GOOD", ["good"], "meh"]) expect(scoreFromQuery(other)).toBeNull();
  });
});

describe("how long a link and a rating last", () => {
  const issued = new Date("2026-11-01T10:00:00Z");
  const link = { expiresAt: ratingLinkExpiresAt(issued) };

  it("a link lasts 30 days; a rating may be changed for 7 days after it was first given", () => {
    expect(RATING_LINK_TTL_MS).toBe(30 * DAY);
    expect(RATING_CHANGE_WINDOW_MS).toBe(7 * DAY);
    expect(ratingChangeableUntil(issued).getTime() - issued.getTime()).toBe(7 * DAY);
  });

  it("is open until the link expires, before any rating", () => {
    expect(ratingLinkState(link, null, issued)).toBe("open");
    expect(ratingLinkState(link, null, new Date(issued.getTime() + 30 * DAY - 1))).toBe("open");
    expect(ratingLinkState(link, null, new Date(issued.getTime() + 30 * DAY))).toBe("expired");
  });

  it("locks a rating 7 days after it was given, even while the link lasts", () => {
    const rating = { ratedAt: new Date(issued.getTime() + DAY) };
    expect(ratingLinkState(link, rating, new Date(issued.getTime() + 8 * DAY))).toBe("open");
    expect(ratingLinkState(link, rating, new Date(issued.getTime() + 8 * DAY + 1))).toBe("locked");
  });

  it("ends a rating's window when the link expires", () => {
    const rating = { ratedAt: new Date(issued.getTime() + 29 * DAY) };
    expect(ratingLinkState(link, rating, new Date(issued.getTime() + 31 * DAY))).toBe("expired");
  });
});

describe("rating input", () => {
  it("takes good or bad and a comment of up to 1000 characters, trimmed", () => {
    expect(rateTicketSchema.parse({ score: "good", comment: "  thanks  " })).toEqual({
      score: "good",
      comment: "thanks",
    });
    expect(rateTicketSchema.safeParse({ score: "good", comment: "x".repeat(1000) }).success).toBe(true);
    expect(rateTicketSchema.safeParse({ score: "good", comment: "x".repeat(1001) }).success).toBe(false);
    expect(rateTicketSchema.safeParse({ score: "fine" }).success).toBe(false);
    expect(rateTicketSchema.safeParse({}).success).toBe(false);
  });
});

describe("satisfaction texts", () => {
  it("gives the share of Good, or no figure before any rating", () => {
    expect(percentGood(2, 3)).toBe(67);
    expect(percentGood(0, 4)).toBe(0);
    expect(percentGood(0, 0)).toBeNull();
  });

  it("tells ratings in the ticket's history and the activity log", () => {
    const e = (action: string, metadata: unknown) => ({
      action,
      actorType: "customer",
      actorLabel: "casey@customer.test",
      metadata,
    });
    expect(historySentence(e("ticket.rated", { score: "good" }), new Map(), "Casey")).toBe(
      "Casey rated this ticket Good",
    );
    expect(historySentence(e("ticket.rating_changed", { from: "good", to: "bad" }), new Map(), "Casey")).toBe(
      "Casey changed their rating from Good to Bad",
    );
    expect(historySentence(e("ticket.rating_commented", null), new Map(), "Casey")).toBe(
      "Casey changed the comment of their rating",
    );
    expect(
      auditText({ action: "ticket.rated", actor: "casey@customer.test", metadata: { score: "bad" }, ticketNumber: 4 }),
    ).toBe("casey@customer.test rated ticket #4 Bad");
  });
});
