import { QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { AUTH_CHECK_KEY } from "@/components/auth/route-guard";
import { TeamTab } from "@/components/settings/team-tab";
import { Toaster } from "@/components/ui/toaster";
import { createQueryClient } from "@/lib/http/client/query-client";
import { fakeFetch, listed, type Answer } from "../support/fake-fetch";

let answers: Record<string, Answer>;
const calls = fakeFetch((method, url) => listed(answers, method, url));

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
    expect(await screen.findByText("3 used · 10 seats")).toBeInTheDocument();
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

  it("shows an admin the seats, invitations included, the way to User Management and the invite form; unlimited reads ∞", async () => {
    answers = {
      "GET /api/users/seats": { status: 200, body: { plan: "enterprise", used: 5, pending: 1, limit: -1 } },
    };
    renderAs("org_admin");
    expect(await screen.findByText("5 used · 1 invited · ∞ seats")).toBeInTheDocument();
    expect(
      screen.getByRole("link", { name: "Manage people, roles and invitations in User Management" }),
    ).toHaveAttribute("href", "/users");
    expect(screen.getByRole("button", { name: "Send Invitation" })).toBeInTheDocument();
    expect(screen.getByRole("combobox", { name: "Role" })).toHaveTextContent("Agent");
    // The people and the pending invitations live in User Management: nothing of them is loaded here.
    expect(calls.map((c) => c.url)).toEqual(["/api/users/seats"]);
  });

  it("replaces the form with a message and Upgrade Plan once seats and pending invitations fill the plan", async () => {
    answers = {
      "GET /api/users/seats": { status: 200, body: { plan: "starter", used: 1, pending: 1, limit: 2 } },
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
