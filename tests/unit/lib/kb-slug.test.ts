import { auditText } from "@/lib/format/audit-text";
import { cutSlug, slugify } from "@/lib/format/kb-slug";

// Help center addresses made from titles, and the activity log's sentence for the help center's switches.

describe("slugify", () => {
  it("lowercases, drops accents and punctuation, joins words with single hyphens", () => {
    expect(slugify("How do I reset my password?", "article")).toBe("how-do-i-reset-my-password");
    expect(slugify("  Résumé & billing -- FAQ!  ", "article")).toBe("resume-billing-faq");
    expect(slugify("Straße 2FA (v2)", "article")).toBe("stra-e-2fa-v2");
  });

  it("falls back when nothing is left, and stays within the length at a hyphen", () => {
    expect(slugify("???", "category")).toBe("category");
    expect(slugify("日本語", "article")).toBe("article");
    const long = slugify("word ".repeat(40), "article");
    expect(long.length).toBeLessThanOrEqual(80);
    expect(long).toMatch(/^(word-)*word$/);
    expect(cutSlug("abcdefghij", 4)).toBe("abcd");
  });
});

describe("the help center's settings in the activity log", () => {
  const text = (metadata: Record<string, unknown>) =>
    auditText({ action: "kb.settings_changed", actor: "Ada", metadata });
  it("says what was turned on or off", () => {
    expect(text({ helpCenterEnabled: false })).toBe("Ada turned the help center off");
    expect(text({ receiptSuggestsArticles: true })).toBe("Ada turned article suggestions in receipts on");
    expect(text({ helpCenterEnabled: true, receiptSuggestsArticles: false })).toBe(
      "Ada turned the help center on and turned article suggestions in receipts off",
    );
  });
});
