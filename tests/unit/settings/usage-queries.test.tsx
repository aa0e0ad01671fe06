import { QueryClientProvider, type QueryClient } from "@tanstack/react-query";
import { renderHook, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { AUTH_CHECK_KEY } from "@/components/auth/route-guard";
import { useOrganization, usePlanUsage } from "@/components/settings/queries";
import { useSeats } from "@/components/users/queries";
import { createQueryClient } from "@/lib/http/client/query-client";

const calls: string[] = [];

beforeEach(() => {
  calls.length = 0;
  global.fetch = jest.fn(async (input: RequestInfo | URL) => {
    calls.push(String(input));
    return {
      ok: true,
      status: 200,
      statusText: "",
      headers: new Headers(),
      json: async () => ({}),
      text: async () => "{}",
    } as unknown as Response;
  }) as typeof fetch;
});

function signedInAs(role: string): QueryClient {
  const client = createQueryClient();
  client.setQueryData(AUTH_CHECK_KEY, {
    isAuthenticated: true,
    user: {
      id: "u1",
      fullName: "Casey",
      email: "casey@x.test",
      username: "casey",
      avatar: null,
      role,
      isActive: true,
      organizationId: "org1",
    },
  });
  return client;
}

function usePlanQueries() {
  return [usePlanUsage(), useOrganization("org1"), useSeats()];
}

const wrapper = (client: QueryClient) =>
  function Wrapper({ children }: { children: ReactNode }) {
    return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  };

describe("plan and usage queries", () => {
  it.each(["agent", "org_admin", "platform_admin"])("load for %s", async (role) => {
    const { result } = renderHook(usePlanQueries, { wrapper: wrapper(signedInAs(role)) });
    await waitFor(() => expect(result.current.every((q) => q.isSuccess)).toBe(true));
    expect([...calls].sort()).toEqual(["/api/organizations/org1", "/api/usage", "/api/users/seats"]);
  });

  it("ask nothing for a customer (the server would refuse them), nor before the user is known", async () => {
    const { result } = renderHook(usePlanQueries, { wrapper: wrapper(signedInAs("end_user")) });
    renderHook(usePlanQueries, { wrapper: wrapper(createQueryClient()) });
    // The anonymous screen asks who is signed in, and learns: nobody.
    await waitFor(() => expect(calls).toContain("/api/auth/check"));
    expect(result.current.map((q) => q.fetchStatus)).toEqual(["idle", "idle", "idle"]);
    expect(calls.filter((url) => url !== "/api/auth/check")).toEqual([]);
  });
});
