import { PUT as put } from "@/app/api/organizations/[id]/signature/route";
import { GET as getOrganization } from "@/app/api/organizations/[id]/route";
import { MAIL_SIGNATURE_MAX } from "@/lib/schemas/organizations";
import { freshTwoTenants, sessionCookie, type TwoTenants } from "../helpers/fixtures";
import { db } from "../helpers/db";
import { makeRequest, params, readJson } from "../helpers/request";

// PUT /api/organizations/{id}/signature: an admin sets the plain-text signature that closes the
// organisation's replies and status mails; agents and customers may not, nobody may for another
// organisation (404, as if it did not exist), and what is stored is the normalised text.

type User = { id: string; sessionVersion: number };

let world: TwoTenants;
beforeAll(async () => {
  world = await freshTwoTenants();
});
beforeEach(async () => {
  await db.organization.updateMany({ data: { mailSignature: "" } });
  await db.auditEvent.deleteMany({ where: { action: "organization.signature_changed" } });
});

async function setSignature(user: User | null, id: string, body: unknown) {
  const headers: Record<string, string> = user ? { cookie: await sessionCookie(user) } : {};
  return readJson(
    await put(makeRequest(`/api/organizations/${id}/signature`, { method: "PUT", body, headers }), params({ id })),
  );
}

const stored = async (id: string) => (await db.organization.findUniqueOrThrow({ where: { id } })).mailSignature;

describe("PUT /api/organizations/{id}/signature", () => {
  it("saves an admin's signature, line breaks kept and the ends trimmed, records it once, and the organisation shows it", async () => {
    const admin = world.users.org_admin;
    const { status, body } = await setSignature(admin, world.org.id, {
      signature: "  Dana & the team\r\n<Acme> Support\n",
    });
    expect(status).toBe(200);
    expect(body).toMatchObject({ id: world.org.id, mailSignature: "Dana & the team\n<Acme> Support" });
    expect(await stored(world.org.id)).toBe("Dana & the team\n<Acme> Support");

    // Saving the same text again changes nothing and records nothing more.
    expect((await setSignature(admin, world.org.id, { signature: "Dana & the team\n<Acme> Support" })).status).toBe(
      200,
    );
    const events = await db.auditEvent.findMany({ where: { action: "organization.signature_changed" } });
    expect(events).toEqual([
      expect.objectContaining({ organizationId: world.org.id, actorId: admin.id, targetId: world.org.id }),
    ]);

    const read = await readJson(
      await getOrganization(
        makeRequest(`/api/organizations/${world.org.id}`, {
          headers: { cookie: await sessionCookie(world.users.agent) },
        }),
        params({ id: world.org.id }),
      ),
    );
    expect(read.body).toMatchObject({ mailSignature: "Dana & the team\n<Acme> Support" });
  });

  it("removes the signature when it is saved empty", async () => {
    await db.organization.update({ where: { id: world.org.id }, data: { mailSignature: "Old" } });
    const { status, body } = await setSignature(world.users.org_admin, world.org.id, { signature: "   " });
    expect(status).toBe(200);
    expect(body).toMatchObject({ mailSignature: "" });
    expect(await stored(world.org.id)).toBe("");
  });

  it("lets a platform admin set their own organisation's signature", async () => {
    const { status } = await setSignature(world.users.platform_admin, world.org.id, { signature: "Platform" });
    expect(status).toBe(200);
    expect(await stored(world.org.id)).toBe("Platform");
  });

  it.each([
    [
      "a signature over the limit",
      { signature: "x".repeat(MAIL_SIGNATURE_MAX + 1) },
      "Signature must be at most 1,000 characters",
    ],
    ["control characters", { signature: "Dana\u0007" }, "Signature must be plain text without control characters"],
    ["a number", { signature: 5 }, "Signature must be text"],
    ["no signature at all", {}, "Signature must be text"],
  ])("refuses %s with a 400 and stores nothing", async (_, body, error) => {
    expect(await setSignature(world.users.org_admin, world.org.id, body)).toMatchObject({
      status: 400,
      body: { error },
    });
    expect(await stored(world.org.id)).toBe("");
  });

  it("accepts a signature of exactly the limit", async () => {
    const signature = "x".repeat(MAIL_SIGNATURE_MAX);
    expect((await setSignature(world.users.org_admin, world.org.id, { signature })).status).toBe(200);
    expect(await stored(world.org.id)).toBe(signature);
  });

  it("refuses agents and customers (403) and anyone signed out (401)", async () => {
    expect((await setSignature(world.users.agent, world.org.id, { signature: "Agent" })).status).toBe(403);
    expect((await setSignature(world.users.end_user, world.org.id, { signature: "Customer" })).status).toBe(403);
    expect((await setSignature(null, world.org.id, { signature: "Anyone" })).status).toBe(401);
    expect(await stored(world.org.id)).toBe("");
  });

  it("answers 404 for another organisation, to its admins and to a platform admin alike", async () => {
    for (const user of [world.users.otherAdmin, world.users.platform_admin]) {
      const target = user === world.users.otherAdmin ? world.org.id : world.other.id;
      expect(await setSignature(user, target, { signature: "Not yours" })).toMatchObject({
        status: 404,
        body: { error: "Organization not found" },
      });
    }
    expect(await stored(world.org.id)).toBe("");
    expect(await stored(world.other.id)).toBe("");
  });
});
