import { render, screen } from "@testing-library/react";
import { RoleBadge } from "@/components/users/role-badge";

describe("RoleBadge", () => {
  it.each([
    ["platform_admin", "Platform Admin", "bg-primary"],
    ["org_admin", "Admin", "bg-primary"],
    ["agent", "Agent", "bg-secondary"],
  ])("%s reads %s and stands out (%s)", (role, label, background) => {
    render(<RoleBadge role={role} />);
    expect(screen.getByText(label)).toHaveClass(background);
  });

  it("an end user's badge stays plain", () => {
    render(<RoleBadge role="end_user" />);
    const badge = screen.getByText("End User");
    expect(badge).not.toHaveClass("bg-primary");
    expect(badge).not.toHaveClass("bg-secondary");
  });
});
