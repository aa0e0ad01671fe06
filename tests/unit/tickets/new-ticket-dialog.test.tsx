import { QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { NewTicketDialog } from "@/components/tickets/new-ticket-dialog";
import { Toaster } from "@/components/ui/toaster";
import { createQueryClient } from "@/lib/http/client/query-client";

const posts: unknown[] = [];

beforeEach(() => {
  posts.length = 0;
  global.fetch = jest.fn(async (_input: RequestInfo | URL, init?: RequestInit) => {
    posts.push(JSON.parse(String(init?.body)));
    const body = { id: "t42", ticketNumber: 42 };
    return {
      ok: true,
      status: 201,
      statusText: "",
      headers: new Headers(),
      json: async () => body,
      text: async () => JSON.stringify(body),
    } as unknown as Response;
  }) as typeof fetch;
});

describe("New Ticket dialog", () => {
  it("asks for subject and description with the product's text, then creates the ticket and opens it", async () => {
    const user = userEvent.setup();
    const onCreated = jest.fn();
    render(
      <QueryClientProvider client={createQueryClient()}>
        <NewTicketDialog onCreated={onCreated} />
        <Toaster />
      </QueryClientProvider>,
    );
    await user.click(screen.getByRole("button", { name: "New Ticket" }));
    await user.type(screen.getByLabelText("Subject"), "   ");
    await user.click(screen.getByRole("button", { name: "Create Ticket" }));
    expect(await screen.findByText("Missing information")).toBeInTheDocument();
    expect(screen.getByText("Please fill in both subject and description")).toBeInTheDocument();
    expect(screen.getByLabelText("Subject")).toHaveAttribute("aria-invalid", "true");
    expect(screen.getByLabelText("Subject")).toHaveAccessibleDescription("Subject is required");
    expect(screen.getByLabelText("Description")).toHaveAccessibleDescription("Description is required");
    expect(posts).toEqual([]);

    await user.type(screen.getByLabelText("Subject"), "Printer");
    await user.type(screen.getByLabelText("Description"), "It is on fire");
    await user.click(screen.getByRole("button", { name: "Create Ticket" }));
    expect(await screen.findByText("Ticket created")).toBeInTheDocument();
    expect(posts).toEqual([
      {
        subject: "   Printer",
        description: "It is on fire",
        customerName: "",
        customerEmail: "",
        priority: "medium",
        category: "other",
        // Nobody is signed in here, so there is no "me" to assign it to.
        assignedTo: null,
        status: "open",
      },
    ]);
    await waitFor(() => expect(onCreated).toHaveBeenCalledWith("t42"));
  });
});
