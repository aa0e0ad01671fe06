import { QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { ticketKeys } from "@/components/tickets/queries";
import { MailBounceWarning, TicketMailSection } from "@/components/tickets/ticket-mail";
import { createQueryClient } from "@/lib/http/client/query-client";

let answer: unknown;
const asked: string[] = [];

beforeEach(() => {
  asked.length = 0;
  global.fetch = jest.fn(async (input: RequestInfo | URL) => {
    asked.push(String(input));
    return {
      ok: true,
      status: 200,
      statusText: "",
      headers: new Headers(),
      json: async () => answer,
      text: async () => JSON.stringify(answer),
    } as unknown as Response;
  }) as typeof fetch;
});

const message = {
  id: "m1",
  receivedAt: "2026-11-25T09:30:00.000Z",
  source: "smtp",
  from: "Jane Doe <jane@customer.test>",
  subject: "My order never arrived",
  status: "processed",
  classification: null,
  auth: { spf: "pass", dkim: "pass", dmarc: "pass" },
  size: 2048,
};

function show(client = createQueryClient()) {
  return render(
    <QueryClientProvider client={client}>
      <TicketMailSection ticketId="t1" />
      <MailBounceWarning ticketId="t1" customerEmail="jane@customer.test" />
    </QueryClientProvider>,
  );
}

describe("a ticket's received mail", () => {
  it("lists each message with its source, sender checks, kind and original, marking a failed DMARC", async () => {
    answer = {
      messages: [
        message,
        {
          ...message,
          id: "m2",
          source: "webhook",
          from: "Jane <jane@customer.test>",
          auth: { spf: "fail", dkim: "none", dmarc: "fail" },
        },
        { ...message, id: "m3", source: "imap", classification: "auto_reply", auth: null },
      ],
      customerAddressFailing: null,
    };
    const user = userEvent.setup();
    show();
    const section = await screen.findByRole("region", { name: "Email" });
    expect(asked).toEqual(["/api/tickets/t1/mail"]);
    expect(within(section).getByText("(3 received)")).toBeInTheDocument();
    expect(within(section).getByText("1 not verified")).toBeInTheDocument();
    await user.click(within(section).getByText("Show"));
    const [first, second, third] = within(section).getAllByRole("listitem");
    expect(first).toHaveTextContent("Jane Doe <jane@customer.test>");
    expect(first).toHaveTextContent("My order never arrived");
    expect(within(first!).getByText("Email")).toBeInTheDocument();
    expect(first).toHaveTextContent("SPF passDKIM passDMARC pass");
    expect(within(first!).queryByText("Not verified sender")).toBeNull();
    expect(within(first!).getByRole("link", { name: /Download original/ })).toHaveAttribute(
      "href",
      "/api/tickets/t1/mail/m1",
    );
    expect(within(second!).getByText("Webhook")).toBeInTheDocument();
    expect(second).toHaveTextContent("SPF failDKIM noneDMARC fail");
    expect(within(second!).getByText("Not verified sender")).toBeInTheDocument();
    expect(within(third!).getByText("IMAP")).toBeInTheDocument();
    expect(within(third!).getByText("Auto-reply")).toBeInTheDocument();
    expect(within(third!).getByText("Sender checks not recorded")).toBeInTheDocument();
    expect(screen.queryByRole("status")).toBeNull();
  });

  it("warns above the reply box when mail to the customer bounced, in fixed words with the status code", async () => {
    answer = {
      messages: [{ ...message, classification: "bounce" }],
      customerAddressFailing: { code: "550", failedAt: "2026-11-25T10:00:00.000Z" },
    };
    show();
    expect(await screen.findByRole("status")).toHaveTextContent(
      /^Mail to jane@customer\.test bounced \(550\)\. Nov 25, \d\d:00$/,
    );
    expect(screen.getByRole("button", { name: "Clear the bounce notice" })).toBeEnabled();
  });

  it("shows nothing for a ticket that never received mail", async () => {
    answer = { messages: [], customerAddressFailing: null };
    const client = createQueryClient();
    const { container } = show(client);
    await waitFor(() => expect(client.getQueryState(ticketKeys.mail("t1"))?.status).toBe("success"));
    expect(container).toBeEmptyDOMElement();
  });
});
