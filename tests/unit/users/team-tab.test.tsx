import { QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { AUTH_CHECK_KEY } from "@/components/auth/route-guard";
import { TeamTab } from "@/components/settings/team-tab";
import { Toaster } from "@/components/ui/toaster";
import { createQueryClient } from "@/lib/http/client/query-client";
import { fakeFetch, listed, type Answer } from "../support/fake-fetch";

let answers: Record<string, Answer>;
const calls = fakeFetch((method, url) => listed(answers, method, url));

const member = {
  id: "u1",
  fullName: "Avery Admin",
  email: "avery@acme.test",
  role: "org_admin",
  isActive: true,
  createdAt: "2026-01-01T00:00:00.000Z",
};

function renderAs(role: string) {
  const client = createQueryClient();
  client.setQueryData(AUTH_CHECK_KEY, {
    isAuthenticated: true,
    user: {
      id: "u1",
      fullName: "Avery",
      email: "avery@acme.test",
      username: "avery",
      avatar: null,
      role,
      isActive: true,
      organizationId: "org1",
    },
  });
  return render(
    <QueryClientProvider client={client}>
      <TeamTab />
      <Toaster />
    </QueryClientProvider>,
  );
}

describe("Settings > Team", () => {
  it("shows a non-admin the seat count and the contact message, and loads no team", async () => {
    answers = { "GET /api/users/seats": { status: 200, body: { plan: "pro", used: 3, pending: 0, limit: 10 } } };
    renderAs("agent");
    expect(await screen.findByText("3 / 10")).toBeInTheDocument();
    expect(screen.getByText("Contact your administrator to manage team members and agent seats.")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Send Invitation" })).not.toBeInTheDocument();
    expect(calls.map((c) => c.url)).toEqual(["/api/users/seats"]);
  });

  it("shows a customer the contact message and asks the server for nothing (seats are the team's business)", async () => {
    answers = {};
    renderAs("end_user");
    expect(
      await screen.findByText("Contact your administrator to manage team members and agent seats."),
    ).toBeInTheDocument();
    expect(screen.getByText("-")).toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it("shows an admin the members, pending invitations and the invite form; unlimited reads ∞", async () => {
    answers = {
      "GET /api/users/seats": { status: 200, body: { plan: "enterprise", used: 5, pending: 1, limit: -1 } },
      "GET /api/users/organization/org1": { status: 200, body: [member] },
      "GET /api/team-invites": {
        status: 200,
        body: [
          {
            id: "i1",
            email: "pending@acme.test",
            role: "agent",
            expiresAt: "2026-02-01T12:00:00.000Z",
            createdAt: "2026-01-25T00:00:00.000Z",
          },
        ],
      },
    };
    renderAs("org_admin");
    expect(await screen.findByText("5 / ∞")).toBeInTheDocument();
    const members = await screen.findByRole("list", { name: "Team members" });
    expect(within(members).getByText("Avery Admin")).toBeInTheDocument();
    expect(within(members).getByText("Admin")).toBeInTheDocument();
    const pending = await screen.findByRole("list", { name: "Pending invitations" });
    expect(within(pending).getByText("pending@acme.test")).toBeInTheDocument();
    expect(within(pending).getByText("Expires Feb 1, 2026")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Send Invitation" })).toBeInTheDocument();
    expect(screen.getByRole("combobox", { name: "Role" })).toHaveTextContent("Agent");

    answers["DELETE /api/team-invites/i1"] = { status: 200, body: { ok: true } };
    const user = userEvent.setup();
    await user.click(within(pending).getByRole("button", { name: "Revoke invitation for pending@acme.test" }));
    expect(calls.some((c) => c.method === "DELETE")).toBe(false);
    await user.click(within(await screen.findByRole("alertdialog")).getByRole("button", { name: "Revoke invitation" }));
    expect(await screen.findByText("Invitation revoked")).toBeInTheDocument();
    expect(calls.some((c) => c.method === "DELETE" && c.url === "/api/team-invites/i1")).toBe(true);
  });

  it("treats a 403 on the team list as an empty list, and other failures as 'Failed to fetch users'", async () => {
    answers = {
      "GET /api/users/seats": { status: 200, body: { plan: "pro", used: 1, pending: 0, limit: 10 } },
      "GET /api/users/organization/org1": { status: 403, body: { error: "You do not have permission to do this" } },
      "GET /api/team-invites": { status: 200, body: [] },
    };
    const first = renderAs("org_admin");
    expect(await screen.findByText("No team members yet")).toBeInTheDocument();
    first.unmount();
    answers["GET /api/users/organization/org1"] = { status: 500, body: { error: "Internal server error" } };
    renderAs("org_admin");
    expect(await screen.findByText("Failed to fetch users")).toBeInTheDocument();
  });

  it("replaces the form with a message and Upgrade Plan once seats and pending invitations fill the plan", async () => {
    answers = {
      "GET /api/users/seats": { status: 200, body: { plan: "starter", used: 1, pending: 1, limit: 2 } },
      "GET /api/users/organization/org1": { status: 200, body: [member] },
      "GET /api/team-invites": { status: 200, body: [] },
    };
    renderAs("org_admin");
    expect(await screen.findByRole("button", { name: "Upgrade Plan" })).toBeInTheDocument();
    expect(screen.getByText(/All agent seats on your plan are in use/)).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Send Invitation" })).not.toBeInTheDocument();
  });

  it("validates, sends the invitation trimmed and lowercased, and shows the spec's toasts", async () => {
    const user = userEvent.setup();
    answers = {
      "GET /api/users/seats": { status: 200, body: { plan: "pro", used: 1, pending: 0, limit: 10 } },
      "GET /api/users/organization/org1": { status: 200, body: [member] },
      "GET /api/team-invites": { status: 200, body: [] },
      "POST /api/team-invites": {
        status: 201,
        body: { email: "new@acme.test", role: "agent", expiresAt: "2026-02-01T00:00:00.000Z" },
      },
    };
    renderAs("org_admin");
    const send = await screen.findByRole("button", { name: "Send Invitation" });
    await user.click(send);
    expect(await screen.findByText("Validation Error")).toBeInTheDocument();
    expect(screen.getByText("Please provide an email address")).toBeInTheDocument();
    expect(calls.some((c) => c.method === "POST")).toBe(false);

    await user.type(screen.getByLabelText("Email address"), "  NEW@Acme.test ");
    await user.click(send);
    expect(await screen.findByText("Invitation sent")).toBeInTheDocument();
    expect(calls.find((c) => c.method === "POST")).toEqual({
      method: "POST",
      url: "/api/team-invites",
      body: { email: "new@acme.test", role: "agent" },
    });
    await waitFor(() => expect(screen.getByLabelText("Email address")).toHaveValue(""));

    answers["POST /api/team-invites"] = {
      status: 409,
      body: { error: "A user with the email taken@acme.test already exists" },
    };
    await user.type(screen.getByLabelText("Email address"), "taken@acme.test");
    await user.click(send);
    expect(await screen.findByText("A user with the email taken@acme.test already exists")).toBeInTheDocument();
    expect(screen.getByText("Error")).toBeInTheDocument();
  });
});
