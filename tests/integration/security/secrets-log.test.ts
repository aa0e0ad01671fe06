import { Prisma } from "@/generated/prisma/client";
import { publicRoute } from "@/lib/http/server/route";
import { createOrg } from "../helpers/fixtures";
import { db, resetDatabase } from "../helpers/db";
import { makeRequest, params } from "../helpers/request";

// An unexpected error is logged with its request id, but never with the values a query carried:
// Prisma quotes a call's arguments (a password hash, a token hash) and the database's message.
// The whole-run check against two production servers is tests/e2e/security-servers.spec.ts.

const SECRET = "argon2id-secret-hash-value-0123456789";
let log: jest.SpyInstance;
beforeAll(() => resetDatabase());
beforeEach(() => {
  log = jest.spyOn(console, "error").mockImplementation(() => {});
});
afterEach(() => log.mockRestore());

async function loggedFor(fail: () => Promise<unknown>) {
  const handler = publicRoute({}, async () => {
    await fail();
    return { ok: true };
  });
  const res = await handler(makeRequest("/api/x", { method: "POST" }), params());
  expect(res.status).toBe(500);
  const text = await res.text();
  expect(text).toBe(JSON.stringify({ error: "Internal server error", code: "internal" }));
  expect(log).toHaveBeenCalledTimes(1);
  return { line: String(log.mock.calls[0]![0]), requestId: res.headers.get("x-request-id") };
}

describe("the log of an unexpected database error", () => {
  it("leaves out the arguments of an invalid Prisma call", async () => {
    const org = await createOrg();
    const { line, requestId } = await loggedFor(() =>
      db.user.create({
        data: {
          organizationId: org.id,
          email: "a@b.test",
          fullName: "A",
          username: "a",
          passwordHash: SECRET,
          role: "nonsense" as "agent",
        },
      }),
    );
    expect(line).not.toContain(SECRET);
    expect(JSON.parse(line)).toMatchObject({
      level: "error",
      requestId,
      name: "PrismaClientValidationError",
      call: expect.stringMatching(/user\.create\(\)$/),
    });
  });

  it("leaves out the values the database quotes in its own message", async () => {
    const { line } = await loggedFor(() => db.$queryRaw`SELECT ${SECRET}::int`);
    expect(line).not.toContain(SECRET);
    expect(JSON.parse(line)).toMatchObject({ name: expect.stringMatching(/^PrismaClient/) });
  });

  it("leaves out the row of a failed write", async () => {
    const { line } = await loggedFor(() =>
      db.user.create({
        data: {
          organizationId: "no-such-organisation",
          email: "c@d.test",
          fullName: "C",
          username: "c",
          passwordHash: SECRET,
        },
      }),
    );
    expect(line).not.toContain(SECRET);
    expect(JSON.parse(line)).toMatchObject({ name: "PrismaClientKnownRequestError", code: "P2003" });
  });

  it("still logs an ordinary error's message and stack for debugging", async () => {
    const { line } = await loggedFor(async () => {
      throw new TypeError("cannot read x of undefined");
    });
    expect(JSON.parse(line)).toMatchObject({
      name: "TypeError",
      message: "cannot read x of undefined",
      stack: expect.stringContaining("TypeError"),
    });
  });

  it("logs a thrown non-error by its type only", async () => {
    const { line } = await loggedFor(async () => {
      throw `token ${SECRET}`;
    });
    expect(line).not.toContain(SECRET);
  });
});

// Keeps the generated namespace import honest: the error classes the log rule keys on exist.
it("Prisma's error classes carry the PrismaClient prefix the log rule relies on", () => {
  expect(new Prisma.PrismaClientValidationError("x", { clientVersion: "7" }).name).toMatch(/^PrismaClient/);
});
