import { render, screen } from "@testing-library/react";
import { inputClasses, labelClasses } from "@/components/ui/field-classes";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";

// The landing page's waitlist forms draw plain elements with these strings; they must look
// exactly like the Input and Label everywhere else, so the copies may never drift apart.

describe("field classes", () => {
  it("are the Input's own classes", () => {
    render(<Input aria-label="Email" />);
    expect(screen.getByRole("textbox", { name: "Email" }).className).toBe(inputClasses);
  });

  it("are the Label's own classes", () => {
    render(<Label htmlFor="x">Email</Label>);
    expect(screen.getByText("Email").className).toBe(labelClasses);
  });
});
