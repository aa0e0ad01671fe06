import { QueryClientProvider, type QueryClient } from "@tanstack/react-query";
import { act, renderHook, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { organizationKeys, usageKeys } from "@/components/settings/queries";
import {
  replyKeys,
  ticketKeys,
  useCreateTicket,
  useInvalidateTickets,
  useReplies,
  useTicket,
  useTicketHistory,
  useTicketList,
} from "@/components/tickets/queries";
import { userKeys } from "@/components/users/queries";
import { createQueryClient } from "@/lib/http/client/query-client";
import { fakeFetch, type Answer } from "../support/fake-fetch";

let answer: (method: string, url: string) => Answer;
const calls = fakeFetch((method, url) => answer(method, url));

function wrapper(client: QueryClient) {
  return function Wrapper({ children }: { children: ReactNode }) {
    return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  };
}

/** Every query a ticket change may or may not touch, cached as if the screens had loaded them. */
function seeded() {
  const client = createQueryClient();
  const keys = {
    list: ticketKeys.list(new URLSearchParams({ view: "all-open" })),
    detail: ticketKeys.detail("t1"),
    history: ticketKeys.history("t1"),
    counts: ticketKeys.counts,
    stats: ticketKeys.stats,
    replies: replyKeys.list("t1"),
    usage: usageKeys.usage,
    organization: organizationKeys.detail("org1"),
    seats: userKeys.seats,
    users: userKeys.list(new URLSearchParams()),
    assignable: userKeys.assignable,
  };
  for (const key of Object.values(keys)) client.setQueryData(key, { cached: true });
  const invalidated = () =>
    Object.entries(keys)
      .filter(([, key]) => client.getQueryState(key)?.isInvalidated)
      .map(([name]) => name);
  return { client, invalidated };
}

describe("ticket queries", () => {
  it("name their endpoint: the default query function fetches the key's parts joined with slashes", async () => {
    answer = () => ({ status: 200, body: { id: "t1", ticketNumber: 7 } });
    const { result } = renderHook(() => useTicket("t1"), { wrapper: wrapper(createQueryClient()) });
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(calls).toEqual([{ method: "GET", url: "/api/tickets/detail/t1", body: undefined }]);
    expect(result.current.data?.ticketNumber).toBe(7);
  });

  it("load a queue page by page, the next cursor from X-Next-Cursor", async () => {
    answer = (_m, url) =>
      url.includes("cursor=")
        ? { status: 200, body: [{ id: "t2" }] }
        : { status: 200, body: [{ id: "t1" }], headers: { "X-Next-Cursor": "abc" } };
    const { result } = renderHook(() => useTicketList(new URLSearchParams({ view: "my-open", limit: "50" })), {
      wrapper: wrapper(createQueryClient()),
    });
    await waitFor(() => expect(result.current.items).toHaveLength(1));
    await act(() => result.current.fetchNextPage());
    await waitFor(() => expect(result.current.items.map((t) => t.id)).toEqual(["t1", "t2"]));
    expect(calls.map((c) => c.url)).toEqual([
      "/api/tickets?view=my-open&limit=50",
      "/api/tickets?view=my-open&limit=50&cursor=abc",
    ]);
  });

  type NewestPages = () => { items?: { id: string }[]; hasNextPage: boolean; fetchNextPage: () => Promise<unknown> };
  it.each<[string, string, NewestPages]>([
    ["history", "/api/tickets/t1/history", () => useTicketHistory("t1", { enabled: true })],
    ["conversation", "/api/replies/t1", () => useReplies("t1")],
  ])("read a ticket's %s newest first, and put each earlier page above", async (_what, path, use) => {
    answer = (_m, url) =>
      url.includes("cursor=")
        ? { status: 200, body: [{ id: "e1" }, { id: "e2" }] }
        : { status: 200, body: [{ id: "e3" }, { id: "e4" }], headers: { "X-Next-Cursor": "c2" } };
    const { result } = renderHook(use, { wrapper: wrapper(createQueryClient()) });
    await waitFor(() => expect(result.current.items?.map((e) => e.id)).toEqual(["e3", "e4"]));
    expect(result.current.hasNextPage).toBe(true);
    await act(() => result.current.fetchNextPage());
    await waitFor(() => expect(result.current.items?.map((e) => e.id)).toEqual(["e1", "e2", "e3", "e4"]));
    expect(result.current.hasNextPage).toBe(false);
    expect(calls.map((c) => c.url)).toEqual([path, `${path}?cursor=c2`]);
  });

  it("refresh a conversation's loaded pages each from the page after it, so a new message leaves no gap", async () => {
    // Four messages, pages of two: e3 e4 newest, then e1 e2. After e5 arrives the newest page is
    // e4 e5, and the page before it must start at e3, not where the old newest page began.
    let messages = ["e1", "e2", "e3", "e4"];
    answer = (_m, url) => {
      const before = new URL(url, "http://x").searchParams.get("cursor");
      const end = before ? messages.indexOf(before) : messages.length;
      const start = Math.max(0, end - 2);
      const next = start > 0 ? { "X-Next-Cursor": messages[start]! } : undefined;
      return { status: 200, body: messages.slice(start, end).map((id) => ({ id })), headers: next };
    };
    const client = createQueryClient();
    const { result } = renderHook(() => useReplies("t1"), { wrapper: wrapper(client) });
    await waitFor(() => expect(result.current.items?.map((e) => e.id)).toEqual(["e3", "e4"]));
    await act(() => result.current.fetchNextPage());
    await waitFor(() => expect(result.current.items?.map((e) => e.id)).toEqual(["e1", "e2", "e3", "e4"]));
    messages = [...messages, "e5"];
    await act(() => client.invalidateQueries({ queryKey: replyKeys.list("t1") }));
    await waitFor(() => expect(result.current.items?.map((e) => e.id)).toEqual(["e2", "e3", "e4", "e5"]));
    expect(result.current.hasNextPage).toBe(true);
  });

  it("after a ticket change refresh tickets, replies, usage and organisations, and leave users alone", async () => {
    const { client, invalidated } = seeded();
    answer = () => ({ status: 200, body: { cached: true } });
    const { result } = renderHook(() => useInvalidateTickets(), { wrapper: wrapper(client) });
    await act(() => result.current());
    expect(invalidated().sort()).toEqual([
      "counts",
      "detail",
      "history",
      "list",
      "organization",
      "replies",
      "stats",
      "usage",
    ]);
  });

  it("create a ticket as open, then refresh what it shows up in", async () => {
    const { client, invalidated } = seeded();
    answer = (method) =>
      method === "POST"
        ? { status: 201, body: { id: "t9", ticketNumber: 9 } }
        : { status: 200, body: { cached: true } };
    const created: number[] = [];
    const { result } = renderHook(() => useCreateTicket({ onSuccess: (ticket) => created.push(ticket.ticketNumber) }), {
      wrapper: wrapper(client),
    });
    const input = {
      subject: "Printer",
      description: "On fire",
      customerName: "",
      customerEmail: "",
      priority: "high",
      category: "other",
    };
    await act(() => result.current.mutateAsync(input));
    expect(calls[0]).toEqual({ method: "POST", url: "/api/tickets", body: { ...input, status: "open" } });
    expect(created).toEqual([9]);
    expect(invalidated()).toEqual(expect.arrayContaining(["list", "counts", "usage", "organization"]));
    expect(invalidated()).not.toContain("seats");
  });
});
