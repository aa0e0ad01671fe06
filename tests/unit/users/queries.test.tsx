import { QueryClientProvider } from "@tanstack/react-query";
import { act, renderHook } from "@testing-library/react";
import type { ReactNode } from "react";
import { ticketKeys } from "@/components/tickets/queries";
import { inviteKeys, useInvalidateInvites, userKeys, useUpdateUserMutation } from "@/components/users/queries";
import { createQueryClient } from "@/lib/http/client/query-client";

const user = {
  id: "u2",
  fullName: "Blake",
  email: "blake@acme.test",
  role: "agent",
  isActive: false,
  createdAt: "2026-01-01T00:00:00.000Z",
};

beforeEach(() => {
  global.fetch = jest.fn(
    async () =>
      ({
        ok: true,
        status: 200,
        statusText: "",
        headers: new Headers(),
        json: async () => user,
        text: async () => JSON.stringify(user),
      }) as unknown as Response,
  ) as typeof fetch;
});

function seeded() {
  const client = createQueryClient();
  const keys = {
    users: userKeys.list(new URLSearchParams({ q: "bl" })),
    stats: userKeys.stats,
    seats: userKeys.seats,
    assignable: userKeys.assignable,
    invites: inviteKeys.pending,
    tickets: ticketKeys.counts,
  };
  for (const key of Object.values(keys)) client.setQueryData(key, []);
  const invalidated = () =>
    Object.entries(keys)
      .filter(([, key]) => client.getQueryState(key)?.isInvalidated)
      .map(([name]) => name)
      .sort();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return { wrapper, invalidated };
}

describe("user queries", () => {
  it("a role or active-state change refreshes every list, count and seat figure a user appears in", async () => {
    const { wrapper, invalidated } = seeded();
    const saved: string[] = [];
    const { result } = renderHook(() => useUpdateUserMutation({ onSuccess: (u) => saved.push(u.fullName) }), {
      wrapper,
    });
    await act(() => result.current.mutateAsync({ id: "u2", isActive: false }));
    expect(global.fetch).toHaveBeenCalledWith(
      "/api/users/u2",
      expect.objectContaining({ method: "PATCH", body: JSON.stringify({ isActive: false }) }),
    );
    expect(saved).toEqual(["Blake"]);
    expect(invalidated()).toEqual(["assignable", "seats", "stats", "users"]);
  });

  it("an invitation sent or revoked refreshes the pending list and the seats", async () => {
    const { wrapper, invalidated } = seeded();
    const { result } = renderHook(() => useInvalidateInvites(), { wrapper });
    await act(() => result.current());
    expect(invalidated()).toEqual(["invites", "seats"]);
  });
});
