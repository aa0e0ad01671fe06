import { GET as list } from "@/app/api/tickets/route";
import { GET as pane } from "@/app/api/tickets/[id]/pane/route";
import { GET as detail } from "@/app/api/tickets/detail/[id]/route";
import { GET as byNumber } from "@/app/api/tickets/number/[number]/route";
import { GET as portalList } from "@/app/api/portal/tickets/route";
import { GET as portalDetail } from "@/app/api/portal/tickets/[id]/route";
import { listener } from "@/lib/server/live-listener";
import { freshTwoTenants, sessionCookie, type TwoTenants } from "../helpers/fixtures";
import { db } from "../helpers/db";
import { makeRequest, params } from "../helpers/request";
import { portalAuth } from "../helpers/portal-auth";
import { portalToken } from "../attachments/attachments-helpers";

// A ticket carries its custom field values wherever it goes out; a customer (by account or
// through the portal) gets only the values of the fields shown to customers. The internal
// "Refund approved" field's key and value never appear in any answer a customer reads.

type User = { id: string; sessionVersion: number };
const cookie = async (user: User) => ({ cookie: await sessionCookie(user) });

let world: TwoTenants;
let ticket: { id: string; ticketNumber: number };
const VALUES = { plan: "Pro", refund_approved: true, internal_code: "ZX-SECRET-81" };

beforeAll(async () => {
  world = await freshTwoTenants();
  const organizationId = world.org.id;
  await db.customField.createMany({
    data: [
      {
        organizationId,
        key: "plan",
        label: "Plan",
        type: "dropdown",
        options: ["Basic", "Pro"],
        position: 0,
        customerVisible: true,
      },
      { organizationId, key: "refund_approved", label: "Refund approved", type: "checkbox", position: 1 },
      { organizationId, key: "internal_code", label: "Internal code", type: "text", position: 2 },
    ],
  });
  ticket = await db.ticket.create({
    data: {
      organizationId,
      ticketNumber: 7,
      subject: "Refund please",
      description: "Charged twice",
      customerName: "End user",
      customerEmail: world.users.end_user.email,
      customFields: VALUES,
    },
    select: { id: true, ticketNumber: true },
  });
});
afterAll(() => listener.stop());

async function bodies(headers: Record<string, string>) {
  const { id, ticketNumber } = ticket;
  const answers = await Promise.all([
    list(makeRequest("/api/tickets", { headers }), params()),
    pane(makeRequest(`/api/tickets/${id}/pane`, { headers }), params({ id })),
    detail(makeRequest(`/api/tickets/detail/${id}`, { headers }), params({ id })),
    byNumber(makeRequest(`/api/tickets/number/${ticketNumber}`, { headers }), params({ number: String(ticketNumber) })),
  ]);
  for (const res of answers) expect(res.status).toBe(200);
  const [listed, opened, detailed, numbered] = await Promise.all(answers.map((res) => res.text()));
  return {
    texts: [listed!, opened!, detailed!, numbered!],
    tickets: [
      (JSON.parse(listed!) as { customFields: unknown }[])[0],
      (JSON.parse(opened!) as { ticket: unknown }).ticket,
      JSON.parse(detailed!),
      JSON.parse(numbered!),
    ] as { customFields: unknown }[],
  };
}

it("staff get every value on the list, the pane, the detail and by number", async () => {
  const { tickets } = await bodies(await cookie(world.users.agent));
  for (const t of tickets) expect(t.customFields).toEqual(VALUES);
});

it("an end user's account gets only the fields shown to customers, wherever it reads the ticket", async () => {
  const { texts, tickets } = await bodies(await cookie(world.users.end_user));
  for (const t of tickets) expect(t.customFields).toEqual({ plan: "Pro" });
  for (const text of texts) {
    expect(text).not.toContain("refund_approved");
    expect(text).not.toContain("ZX-SECRET-81");
  }
});

it("the portal's list and ticket carry only the fields shown to customers", async () => {
  const headers = portalAuth(world.org.slug, await portalToken(world.org.id, world.users.end_user.email));
  const listed = await portalList(makeRequest("/api/portal/tickets", { headers }), params());
  const opened = await portalDetail(
    makeRequest(`/api/portal/tickets/${ticket.id}`, { headers }),
    params({ id: ticket.id }),
  );
  expect([listed.status, opened.status]).toEqual([200, 200]);
  const texts = [await listed.text(), await opened.text()];
  expect((JSON.parse(texts[0]!) as { customFields: unknown }[])[0]!.customFields).toEqual({ plan: "Pro" });
  expect((JSON.parse(texts[1]!) as { customFields: unknown }).customFields).toEqual({ plan: "Pro" });
  for (const text of texts) {
    expect(text).not.toContain("refund_approved");
    expect(text).not.toContain("ZX-SECRET-81");
  }
});

it("a field later shown to customers appears for them, and one hidden again leaves", async () => {
  const organizationId = world.org.id;
  await db.customField.updateMany({ where: { organizationId, key: "internal_code" }, data: { customerVisible: true } });
  await db.customField.updateMany({ where: { organizationId, key: "plan" }, data: { customerVisible: false } });
  const { tickets } = await bodies(await cookie(world.users.end_user));
  for (const t of tickets) expect(t.customFields).toEqual({ internal_code: "ZX-SECRET-81" });
  await db.customField.updateMany({
    where: { organizationId, key: "internal_code" },
    data: { customerVisible: false },
  });
  await db.customField.updateMany({ where: { organizationId, key: "plan" }, data: { customerVisible: true } });
});
