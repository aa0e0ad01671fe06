import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { Toaster } from "@/components/ui/toaster";
import { useZodForm, type ProblemTitle } from "@/components/ui/use-zod-form";
import { z } from "@/lib/schemas/zod";

const MISSING = "Please fill in both fields";
const schema = z.object({
  name: z.string().trim().min(1, MISSING).max(5, "Name is too long"),
  email: z.string().trim().toLowerCase().min(1, MISSING).pipe(z.email("Please enter a valid email address")),
  org: z.string().min(1, "Organisation is missing"),
});

function Form({ title, extra = { org: "acme" } }: { title: ProblemTitle; extra?: Record<string, unknown> }) {
  const form = useZodForm(schema, { name: "", email: "" });
  const [sent, setSent] = useState<unknown>(null);
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        setSent(form.check(title, extra));
      }}
    >
      <label htmlFor="name">Name</label>
      <input id="name" {...form.text("name")} />
      <label htmlFor="email">Email</label>
      <input id="email" {...form.text("email")} />
      <button type="submit">Send</button>
      <button type="button" onClick={form.reset}>
        Reset
      </button>
      <output>{JSON.stringify(sent)}</output>
      <Toaster />
    </form>
  );
}

describe("useZodForm", () => {
  it("returns the schema's parsed values, extra fields included, and shows no toast", async () => {
    const user = userEvent.setup();
    render(<Form title="Missing fields" />);
    await user.type(screen.getByLabelText("Name"), " Ann ");
    await user.type(screen.getByLabelText("Email"), " ANN@Acme.test ");
    await user.click(screen.getByRole("button", { name: "Send" }));
    expect(screen.getByText('{"name":"Ann","email":"ann@acme.test","org":"acme"}')).toBeInTheDocument();
    expect(screen.queryByText("Missing fields")).not.toBeInTheDocument();
  });

  it("shows the first problem under one title and sends nothing", async () => {
    const user = userEvent.setup();
    render(<Form title="Validation Error" />);
    await user.click(screen.getByRole("button", { name: "Send" }));
    expect(await screen.findByText("Validation Error")).toBeInTheDocument();
    expect(screen.getByText(MISSING)).toBeInTheDocument();
    expect(screen.getByText("null")).toBeInTheDocument();
  });

  it("checks extra fields with the same schema", async () => {
    const user = userEvent.setup();
    render(<Form title="Error" extra={{ org: "" }} />);
    await user.type(screen.getByLabelText("Name"), "Ann");
    await user.type(screen.getByLabelText("Email"), "ann@acme.test");
    await user.click(screen.getByRole("button", { name: "Send" }));
    expect(await screen.findByText("Organisation is missing")).toBeInTheDocument();
  });

  it("reports a listed message first under its own title, and any other problem under 'otherwise'", async () => {
    const user = userEvent.setup();
    const title = { byMessage: { [MISSING]: "Missing fields" }, otherwise: "Registration failed" };
    const { unmount } = render(<Form title={title} />);
    // The name's problem comes first in the schema, but a missing field is reported before it.
    await user.type(screen.getByLabelText("Name"), "Much too long");
    await user.click(screen.getByRole("button", { name: "Send" }));
    expect(await screen.findByText("Missing fields")).toBeInTheDocument();
    expect(screen.getByText(MISSING)).toBeInTheDocument();
    unmount();

    render(<Form title={title} />);
    await user.type(screen.getByLabelText("Name"), "Ann");
    await user.type(screen.getByLabelText("Email"), "not-an-email");
    await user.click(screen.getByRole("button", { name: "Send" }));
    expect(await screen.findByText("Registration failed")).toBeInTheDocument();
    expect(screen.getByText("Please enter a valid email address")).toBeInTheDocument();
  });

  it("reset puts the initial values back", async () => {
    const user = userEvent.setup();
    render(<Form title="Error" />);
    await user.type(screen.getByLabelText("Name"), "Ann");
    await user.click(screen.getByRole("button", { name: "Reset" }));
    expect(screen.getByLabelText("Name")).toHaveValue("");
  });
});
