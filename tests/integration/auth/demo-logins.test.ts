import { hashPassword } from "@/lib/auth/password";
import { demoLoginProblems, publishedDemoLogins, showDemoLogins } from "@/lib/services/users/demo-logins";
import { DEMO_PASSWORD } from "@/lib/site/demo";
import { createOrg } from "../helpers/fixtures";
import { db, resetDatabase } from "../helpers/db";

// The demo accounts' password is printed in the README; a platform admin is among them.
const PRODUCTION = { NODE_ENV: "production" };
const PUBLIC_DEMO = { NODE_ENV: "production", ALLOW_DEMO_LOGINS: "true" };

async function demoAccount(email: string, password = DEMO_PASSWORD) {
  const org = await createOrg();
  return db.user.create({
    data: {
      organizationId: org.id,
      email,
      fullName: "Pat Platform",
      username: email.split("@")[0]!,
      role: "platform_admin",
      passwordHash: await hashPassword(password),
    },
  });
}

beforeEach(resetDatabase);

describe("demo accounts with the published password", () => {
  it("stop a production server from starting, and the login page does not list them", async () => {
    await demoAccount("platform@ticketry.test");
    expect(await demoLoginProblems(PRODUCTION)).toEqual([
      expect.stringContaining("Demo accounts with the published password exist (platform@ticketry.test)"),
    ]);
    expect(await showDemoLogins(PRODUCTION)).toBe(false);
  });

  it("are allowed, and listed, in a deliberate demo (ALLOW_DEMO_LOGINS=true, set by npm start for the embedded database)", async () => {
    await demoAccount("admin@acme.test");
    expect(await demoLoginProblems(PUBLIC_DEMO)).toEqual([]);
    expect(await showDemoLogins(PUBLIC_DEMO)).toBe(true);
  });

  it("no longer count once their password has changed", async () => {
    const user = await demoAccount("admin@acme.test");
    expect(await publishedDemoLogins()).toEqual(["admin@acme.test"]);
    await db.user.update({ where: { id: user.id }, data: { passwordHash: await hashPassword("a-private-one-123") } });
    expect(await publishedDemoLogins()).toEqual([]);
    expect(await demoLoginProblems(PRODUCTION)).toEqual([]);
    expect(await showDemoLogins(PUBLIC_DEMO)).toBe(false);
  });

  it("are only a production concern; an empty database is never a problem", async () => {
    expect(await demoLoginProblems(PRODUCTION)).toEqual([]);
    await demoAccount("agent@acme.test");
    expect(await demoLoginProblems({ NODE_ENV: "development" })).toEqual([]);
  });
});
