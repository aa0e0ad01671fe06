import { QueryClient, type QueryKey } from "@tanstack/react-query";
import { kbKeys } from "@/components/kb/queries";
import { afterTicketsChanged } from "@/components/live/use-live-updates";
import { presenceKey } from "@/components/live/presence-queries";
import { satisfactionKeys } from "@/components/satisfaction/queries";
import { customerKeys } from "@/components/tickets/customer-queries";
import { ticketKeys } from "@/components/tickets/queries";

/** An agent's cache with two tickets open ("a" and "b"), a queue page, the palette and the dashboard figure. */
function cacheOf(keys: QueryKey[]) {
  const client = new QueryClient({ defaultOptions: { queries: { queryFn: () => null } } });
  for (const key of keys) client.setQueryData(key, { shown: true });
  return client;
}

const parts = (id: string) => [
  ticketKeys.history(id),
  ticketKeys.sla(id),
  satisfactionKeys.ticket(id),
  kbKeys.sent(id),
  presenceKey(id),
  ticketKeys.mail(id),
  customerKeys.summary(id),
  ticketKeys.relations(id),
  ticketKeys.company(id),
];
const shared = [
  ticketKeys.list(new URLSearchParams("view=all-open")),
  [...ticketKeys.lists, "palette", "q=printer"],
  satisfactionKeys.summary,
];

function staleAfter(changed: string[]) {
  const client = cacheOf([...parts("a"), ...parts("b"), ...shared, ticketKeys.detail("a")]);
  void client.invalidateQueries(afterTicketsChanged(new Set(changed)));
  return client
    .getQueryCache()
    .findAll()
    .filter((q) => q.state.isInvalidated)
    .map((q) => q.queryKey.join("/"))
    .sort();
}

describe("what a ticket's change makes out of date under /api/tickets", () => {
  it("every part of the changed ticket, the lists and the figures", () => {
    const stale = staleAfter(["a"]);
    for (const key of [...parts("a"), ...shared]) expect(stale).toContain(key.join("/"));
  });

  it("of another open ticket, only the parts that show other tickets: its customer's, its related ones, its company's and its mail's bounce", () => {
    const stale = staleAfter(["a"]).filter((key) => key.includes("/b/"));
    expect(stale).toEqual(
      [ticketKeys.company("b"), customerKeys.summary("b"), ticketKeys.relations("b"), ticketKeys.mail("b")]
        .map((key) => key.join("/"))
        .sort(),
    );
  });

  it("the own parts of each ticket changed in one burst, and nothing outside /api/tickets", () => {
    const stale = staleAfter(["a", "b"]);
    for (const key of [...parts("a"), ...parts("b")]) expect(stale).toContain(key.join("/"));
    expect(stale).not.toContain(ticketKeys.detail("a").join("/"));
  });
});
