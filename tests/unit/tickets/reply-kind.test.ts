import { act, renderHook } from "@testing-library/react";
import { useReplyKind } from "@/components/tickets/reply-kind";
import { useSendAction } from "@/components/tickets/reply-send-action";

describe("reply kind", () => {
  beforeEach(() => sessionStorage.clear());

  it("starts on a reply and goes back to it after a note", () => {
    const box = renderHook(() => useReplyKind("u1", "t1"));
    expect(box.result.current.kind).toBe("public");
    act(() => box.result.current.choose("internal"));
    expect(box.result.current.kind).toBe("internal");
    act(() => box.result.current.noteAdded());
    expect(box.result.current.kind).toBe("public");
  });

  it("stays on notes when the agent keeps writing notes on this ticket, for the session", () => {
    const box = renderHook(() => useReplyKind("u1", "t1"));
    act(() => box.result.current.choose("internal"));
    act(() => box.result.current.setKeepNotes(true));
    act(() => box.result.current.noteAdded());
    expect(box.result.current.kind).toBe("internal");
    box.unmount();

    // Opened again in this tab: on notes straight away.
    expect(renderHook(() => useReplyKind("u1", "t1")).result.current).toMatchObject({
      kind: "internal",
      keepNotes: true,
    });
    // Not on another ticket, nor for another agent at this browser.
    expect(renderHook(() => useReplyKind("u1", "t2")).result.current.kind).toBe("public");
    expect(renderHook(() => useReplyKind("u2", "t1")).result.current.kind).toBe("public");
  });

  it("starts each ticket from its own choice when the form moves to another ticket", () => {
    let ticketId = "t1";
    const box = renderHook(() => useReplyKind("u1", ticketId));
    act(() => box.result.current.choose("internal"));
    ticketId = "t2";
    box.rerender();
    expect(box.result.current.kind).toBe("public");
  });

  it("applies the choice kept for the ticket once the agent is known", () => {
    sessionStorage.setItem("ticketry:keep-notes:u1:t1", "1");
    let userId: string | undefined = undefined;
    const box = renderHook(() => useReplyKind(userId, "t1"));
    expect(box.result.current.kind).toBe("public");
    userId = "u1";
    box.rerender();
    expect(box.result.current.kind).toBe("internal");
  });

  it("a note added on a ticket left since does not move the box of the ticket now open", () => {
    let ticketId = "t1";
    const box = renderHook(() => useReplyKind("u1", ticketId));
    const noteOnFirst = box.result.current.noteAdded;
    ticketId = "t2";
    box.rerender();
    act(() => box.result.current.choose("internal"));
    act(() => noteOnFirst());
    expect(box.result.current.kind).toBe("internal");
  });
});

describe("send action", () => {
  beforeEach(() => localStorage.clear());

  it("is Send Reply until another is chosen, then that one, per agent", () => {
    const first = renderHook(() => useSendAction("u1"));
    expect(first.result.current[0].label).toBe("Send Reply");
    const [, choose] = first.result.current;
    act(() => choose({ status: "resolved", label: "Send and set Resolved" }));
    expect(first.result.current[0]).toEqual({ status: "resolved", label: "Send and set Resolved" });
    first.unmount();

    expect(renderHook(() => useSendAction("u1")).result.current[0].label).toBe("Send and set Resolved");
    expect(renderHook(() => useSendAction("u2")).result.current[0].label).toBe("Send Reply");
  });

  it("reads an unknown stored value as Send Reply", () => {
    localStorage.setItem("ticketry:send-action:u1", "closed");
    expect(renderHook(() => useSendAction("u1")).result.current[0].label).toBe("Send Reply");
  });
});
