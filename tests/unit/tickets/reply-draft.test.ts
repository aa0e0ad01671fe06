import { act, renderHook } from "@testing-library/react";
import { draftKey, useReplyDraft, type ReplyKind } from "@/components/tickets/reply-draft";

const key = (ticketId: string, kind: ReplyKind, userId: string | undefined = "u1") => draftKey(userId, ticketId, kind);

describe("reply drafts", () => {
  beforeEach(() => localStorage.clear());

  it("keys a draft by person, ticket and kind, and has none before the person is known", () => {
    expect(key("t1", "public")).toBe("ticketry:draft:u1:t1:public");
    expect(key("t1", "internal")).toBe("ticketry:draft:u1:t1:internal");
    expect(key("t1", "public", "u2")).not.toBe(key("t1", "public"));
    expect(draftKey(undefined, "t1", "public")).toBeNull();
  });

  it("saves as it is typed and comes back in a new form (a reload)", () => {
    const first = renderHook(() => useReplyDraft(key("t1", "public")));
    expect(first.result.current).toMatchObject({ text: "", saved: false });
    act(() => first.result.current.update("Half-written answer"));
    expect(first.result.current).toMatchObject({ text: "Half-written answer", saved: true });
    first.unmount();

    const again = renderHook(() => useReplyDraft(key("t1", "public")));
    expect(again.result.current.text).toBe("Half-written answer");
  });

  it("keeps the reply and the note of one ticket apart, and each ticket's apart", () => {
    let at = { ticket: "t1", kind: "public" as ReplyKind };
    const form = renderHook(() => useReplyDraft(key(at.ticket, at.kind)));
    act(() => form.result.current.update("To the customer"));

    at = { ticket: "t1", kind: "internal" };
    form.rerender();
    expect(form.result.current.text).toBe("");
    act(() => form.result.current.update("For the team"));

    at = { ticket: "t2", kind: "public" };
    form.rerender();
    expect(form.result.current.text).toBe("");

    at = { ticket: "t1", kind: "public" };
    form.rerender();
    expect(form.result.current.text).toBe("To the customer");
    expect(localStorage.getItem("ticketry:draft:u1:t1:internal")).toBe("For the team");
  });

  it("shows blank text as typed but keeps none", () => {
    const form = renderHook(() => useReplyDraft(key("t1", "public")));
    act(() => form.result.current.update("Something"));
    act(() => form.result.current.update("   "));
    expect(form.result.current).toMatchObject({ text: "   ", saved: false });
    expect(localStorage.getItem("ticketry:draft:u1:t1:public")).toBeNull();
  });

  it("forgets a sent draft by its key, also when the form has moved to the other kind since", () => {
    let kind: ReplyKind = "internal";
    const form = renderHook(() => useReplyDraft(key("t1", kind)));
    act(() => form.result.current.update("A note"));
    const sent = key("t1", "internal");

    kind = "public";
    form.rerender();
    act(() => form.result.current.update("A reply"));
    act(() => form.result.current.clear(sent));
    expect(localStorage.getItem("ticketry:draft:u1:t1:internal")).toBeNull();
    expect(form.result.current.text).toBe("A reply");

    act(() => form.result.current.clear(key("t1", "public")));
    expect(form.result.current).toMatchObject({ text: "", saved: false });
    expect(localStorage.length).toBe(0);
  });

  it("works without storage (blocked in private mode): the text stays in the form", () => {
    const setItem = jest.spyOn(Storage.prototype, "setItem").mockImplementation(() => {
      throw new Error("QuotaExceededError");
    });
    try {
      const form = renderHook(() => useReplyDraft(key("t1", "public")));
      act(() => form.result.current.update("Still here"));
      expect(form.result.current.text).toBe("Still here");
    } finally {
      setItem.mockRestore();
    }
  });
});
