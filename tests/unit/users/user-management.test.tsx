import { QueryClientProvider } from "@tanstack/react-query";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { AUTH_CHECK_KEY } from "@/components/auth/route-guard";
import { Toaster } from "@/components/ui/toaster";
import { UserManagement } from "@/components/users/user-management";
import { createQueryClient } from "@/lib/http/client/query-client";
import { fakeFetch, listed, type Answer } from "../support/fake-fetch";

let answers: Record<string, Answer>;
const calls = fakeFetch((method, url) => listed(answers, method, url));

const row = (id: string, fullName: string, role: string, isActive = true) => ({
  id,
  fullName,
  email: `${id}@acme.test`,
  role,
  isActive,
  createdAt: "2026-03-04T12:00:00.000Z",
});
const me = row("me", "Avery Admin", "org_admin");
const agent = row("sam", "Sam Agent", "agent");
const platform = row("pat", "Pat Platform", "platform_admin");
const gone = row("gil", "Gil Gone", "end_user", false);

function renderAs(role = "org_admin") {
  const client = createQueryClient();
  client.setQueryData(AUTH_CHECK_KEY, {
    isAuthenticated: true,
    user: { ...me, role, username: "me", avatar: null, organizationId: "org1" },
  });
  render(
    <QueryClientProvider client={client}>
      <UserManagement />
      <Toaster />
    </QueryClientProvider>,
  );
}

async function openActions(name: string) {
  await userEvent.setup().click(await screen.findByRole("button", { name: `Actions for ${name}` }));
  return screen.findByRole("menu");
}

describe("User Management", () => {
  beforeEach(() => {
    answers = {
      "GET /api/users/stats": { status: 200, body: { total: 4, active: 3, inactive: 1 } },
      "GET /api/users?limit=50": { status: 200, body: [me, agent, platform, gone] },
      "GET /api/users/seats": { status: 200, body: { plan: "pro", used: 3, pending: 1, limit: 10 } },
      "GET /api/team-invites": { status: 200, body: [] },
    };
  });

  it("shows the seats with pending invitations counted, and invites from the Invite button's dialog", async () => {
    answers["POST /api/team-invites"] = {
      status: 201,
      body: { email: "new@acme.test", role: "agent", expiresAt: "2026-02-01T00:00:00.000Z" },
    };
    renderAs();
    expect(await screen.findByText("3 used · 1 invited · 10 seats")).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "Invite" }));
    const dialog = await screen.findByRole("dialog", { name: "Invite Team Member" });
    await user.type(within(dialog).getByLabelText("Email address"), "New@Acme.test");
    expect(within(dialog).getByRole("combobox", { name: "Role" })).toHaveTextContent("Agent");
    await user.click(within(dialog).getByRole("button", { name: "Send Invitation" }));
    expect(await screen.findByText("Invitation sent")).toBeInTheDocument();
    expect(calls.find((c) => c.method === "POST")).toEqual({
      method: "POST",
      url: "/api/team-invites",
      body: { email: "new@acme.test", role: "agent" },
    });
    expect(screen.queryByRole("dialog", { name: "Invite Team Member" })).not.toBeInTheDocument();
  });

  it("offers an upgrade instead of the form once seats and invitations fill the plan", async () => {
    answers["GET /api/users/seats"] = { status: 200, body: { plan: "starter", used: 1, pending: 1, limit: 2 } };
    renderAs();
    await userEvent.setup().click(await screen.findByRole("button", { name: "Invite" }));
    const dialog = await screen.findByRole("dialog", { name: "Invite Team Member" });
    expect(
      within(dialog).getByText(/All agent seats on your plan are in use or held by pending invitations/),
    ).toBeInTheDocument();
    expect(within(dialog).queryByRole("button", { name: "Send Invitation" })).not.toBeInTheDocument();
  });

  it("lists the pending invitations and revokes one after confirming", async () => {
    answers["GET /api/team-invites"] = {
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
    };
    answers["DELETE /api/team-invites/i1"] = { status: 200, body: { ok: true } };
    renderAs();
    const pending = await screen.findByRole("list", { name: "Pending invitations" });
    expect(within(pending).getByText("Expires Feb 1, 2026")).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(within(pending).getByRole("button", { name: "Revoke invitation for pending@acme.test" }));
    expect(calls.some((c) => c.method === "DELETE")).toBe(false);
    await user.click(within(await screen.findByRole("alertdialog")).getByRole("button", { name: "Revoke invitation" }));
    expect(await screen.findByText("Invitation revoked")).toBeInTheDocument();
    expect(calls.some((c) => c.method === "DELETE" && c.url === "/api/team-invites/i1")).toBe(true);
  });

  it("shows the stat cards and the table with role badges, status and created date", async () => {
    renderAs();
    expect(screen.getByText("Loading users...")).toBeInTheDocument();
    const rows = await screen.findAllByTestId("user-row");
    expect(rows).toHaveLength(4);
    expect(within(rows[1]!).getByText("sam@acme.test")).toBeInTheDocument();
    expect(within(rows[1]!).getByText("Agent")).toBeInTheDocument();
    expect(within(rows[1]!).getByText("Active")).toBeInTheDocument();
    expect(within(rows[1]!).getByText("Mar 4, 2026")).toBeInTheDocument();
    expect(within(rows[3]!).getByText("Inactive")).toBeInTheDocument();
    for (const [label, value] of [
      ["Total Users", "4"],
      ["Active Users", "3"],
      ["Inactive Users", "1"],
    ]) {
      expect(screen.getByText(label!).closest("[data-slot=card]")).toHaveTextContent(value!);
    }
  });

  it("says 'No users found' when the search matches nobody, searching on the server", async () => {
    answers["GET /api/users?limit=50&q=nobody"] = { status: 200, body: [] };
    renderAs();
    await screen.findAllByTestId("user-row");
    await userEvent.setup().type(screen.getByLabelText("Search users"), " nobody ");
    expect(await screen.findByText("No users found")).toBeInTheDocument();
  });

  it("disables the actions the server would refuse: on your own row, and on a platform admin for an org admin", async () => {
    renderAs();
    let menu = await openActions("Avery Admin");
    expect(within(menu).getByRole("menuitem", { name: "Edit Role" })).toHaveAttribute("aria-disabled", "true");
    expect(within(menu).getByRole("menuitem", { name: "Deactivate" })).toHaveAttribute("aria-disabled", "true");
    await userEvent.setup().keyboard("{Escape}");
    menu = await openActions("Pat Platform");
    expect(within(menu).getByRole("menuitem", { name: "Edit Role" })).toHaveAttribute("aria-disabled", "true");
    await userEvent.setup().keyboard("{Escape}");
    menu = await openActions("Sam Agent");
    expect(within(menu).getByRole("menuitem", { name: "Edit Role" })).not.toHaveAttribute("aria-disabled");
  });

  it("deactivates and activates with the spec's toasts, and shows the server's refusal", async () => {
    answers["PATCH /api/users/sam"] = { status: 200, body: { ...agent, isActive: false } };
    renderAs();
    await userEvent.setup().click(within(await openActions("Sam Agent")).getByRole("menuitem", { name: "Deactivate" }));
    expect(await screen.findByText("User deactivated")).toBeInTheDocument();
    expect(calls.find((c) => c.method === "PATCH")).toEqual({
      method: "PATCH",
      url: "/api/users/sam",
      body: { isActive: false },
    });

    answers["PATCH /api/users/gil"] = { status: 409, body: { error: "Your Pro plan's agent seats are all in use." } };
    await userEvent.setup().click(within(await openActions("Gil Gone")).getByRole("menuitem", { name: "Activate" }));
    expect(await screen.findByText("Update failed")).toBeInTheDocument();
    expect(screen.getByText("Your Pro plan's agent seats are all in use.")).toBeInTheDocument();

    answers["PATCH /api/users/gil"] = { status: 502, body: undefined };
    await userEvent.setup().click(within(await openActions("Gil Gone")).getByRole("menuitem", { name: "Activate" }));
    expect(await screen.findByText("Failed to update user status")).toBeInTheDocument();
  });

  it("edits a role in the dialog with the spec's toasts; a failure without a message says 'Failed to update user'", async () => {
    answers["PATCH /api/users/sam"] = { status: 200, body: agent };
    renderAs();
    await userEvent.setup().click(within(await openActions("Sam Agent")).getByRole("menuitem", { name: "Edit Role" }));
    let dialog = await screen.findByRole("dialog", { name: "Edit Role" });
    expect(within(dialog).getByRole("combobox", { name: "Role" })).toHaveTextContent("Agent");
    await userEvent.setup().click(within(dialog).getByRole("button", { name: "Save Changes" }));
    expect(await screen.findByText("User role has been updated successfully")).toBeInTheDocument();
    expect(screen.getByText("User updated")).toBeInTheDocument();
    expect(calls.find((c) => c.method === "PATCH")).toEqual({
      method: "PATCH",
      url: "/api/users/sam",
      body: { role: "agent" },
    });

    answers["PATCH /api/users/sam"] = { status: 500, body: undefined };
    await userEvent.setup().click(within(await openActions("Sam Agent")).getByRole("menuitem", { name: "Edit Role" }));
    dialog = await screen.findByRole("dialog", { name: "Edit Role" });
    await userEvent.setup().click(within(dialog).getByRole("button", { name: "Save Changes" }));
    expect(await screen.findByText("Failed to update user")).toBeInTheDocument();
    expect(screen.getByRole("dialog", { name: "Edit Role" })).toBeInTheDocument();
  });

  it.each([
    ["org_admin", "true"],
    ["platform_admin", null],
  ])("offers Platform Admin in the role select to a %s: aria-disabled %s", async (role, disabled) => {
    Element.prototype.scrollIntoView ??= () => {};
    Element.prototype.hasPointerCapture ??= () => false;
    renderAs(role);
    await userEvent.setup().click(within(await openActions("Sam Agent")).getByRole("menuitem", { name: "Edit Role" }));
    const dialog = await screen.findByRole("dialog", { name: "Edit Role" });
    within(dialog).getByRole("combobox", { name: "Role" }).focus();
    await userEvent.setup().keyboard("{Enter}");
    const option = await screen.findByRole("option", { name: "Platform Admin" });
    if (disabled) expect(option).toHaveAttribute("aria-disabled", disabled);
    else expect(option).not.toHaveAttribute("aria-disabled");
    expect(screen.getByRole("option", { name: "End User" })).not.toHaveAttribute("aria-disabled");
  });
});
