import { spawn, type ChildProcess } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { expect, request as playwrightRequest, test, type APIRequestContext, type APIResponse } from "@playwright/test";
import { Client } from "pg";
import { SECRET_KEYS } from "../support/secret-keys";
import { codeFromMail, linkFromMail, uniqueEmail } from "./helpers";
import { asPortal, portalCookieName, portalTokenOf } from "./portal-session";

// Two production server processes (scripts/serve.mjs, NODE_ENV=production) on one database of their
// own: throttles hold across both (no per-process counters), a forged X-Forwarded-For buys no
// fresh counter, and no password, hash, token, code or session cookie shows up in any API
// answer that does not need it nor in either server's log.

const E2E_PORT = Number(process.env.E2E_PORT ?? 3100);
const PORTS = [E2E_PORT + 300, E2E_PORT + 301];
const RESULTS = process.env.TEST_RESULTS_DIR ?? "test-results";

type Server = { base: string; process: ChildProcess; log: string[]; api: APIRequestContext };
const servers: Server[] = [];
let databaseUrl = "";
let adminUrl = "";
const databaseName = `ticketry_sec_${Date.now().toString(36)}_${process.pid}`;

function withDatabase(url: string, name: string) {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

async function sql(url: string, text: string, values: unknown[] = []) {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text, values)).rows as Record<string, unknown>[];
  } finally {
    await client.end();
  }
}

async function startServer(port: number): Promise<Server> {
  const log: string[] = [];
  const child = spawn(process.execPath, ["scripts/serve.mjs"], {
    env: {
      ...process.env,
      PORT: String(port),
      DATABASE_URL: databaseUrl,
      APP_URL: `http://localhost:${port}`,
      NODE_ENV: "production",
      TRUST_PROXY_HOPS: "",
      MAIL_LOG: "",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout!.on("data", (chunk: Buffer) => log.push(chunk.toString("utf8")));
  child.stderr!.on("data", (chunk: Buffer) => log.push(chunk.toString("utf8")));
  const base = `http://localhost:${port}`;
  const api = await playwrightRequest.newContext({ baseURL: base });
  await expect
    .poll(async () => (await api.get("/api/health").catch(() => null))?.status() ?? 0, {
      timeout: 60_000,
      intervals: [250],
    })
    .toBe(200);
  return { base, process: child, log, api };
}

test.describe.serial("two server processes on one database", () => {
  test.setTimeout(120_000);

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    adminUrl = withDatabase(process.env.DATABASE_URL!, "postgres");
    await sql(adminUrl, `CREATE DATABASE "${databaseName}"`);
    databaseUrl = withDatabase(process.env.DATABASE_URL!, databaseName);
    const engine = "../../scripts/lib/schema-engine.mjs";
    const { applyMigrations } = (await import(engine)) as { applyMigrations: (url: string) => Promise<string[]> };
    await applyMigrations(databaseUrl);
    for (const port of PORTS) servers.push(await startServer(port));
  });

  test.afterAll(async () => {
    for (const s of servers) {
      await s.api.dispose();
      if (s.process.exitCode === null) {
        s.process.kill("SIGTERM");
        await new Promise((resolve) => s.process.once("exit", resolve));
      }
    }
    mkdirSync(RESULTS, { recursive: true });
    servers.forEach((s, i) => writeFileSync(path.join(RESULTS, `security-server-${i}.log`), s.log.join("")));
    await sql(adminUrl, `DROP DATABASE IF EXISTS "${databaseName}" WITH (FORCE)`);
  });

  /** Every secret seen in the run: each must be absent from both logs. */
  const secrets = new Map<string, string>();
  const keep = (label: string, value: string | undefined) => {
    expect(value, label).toBeTruthy();
    secrets.set(label, value!);
  };

  /** Checks an answer for secret fields and for secrets it must not echo; returns its JSON. */
  async function checked(res: APIResponse, allowed: string[] = []) {
    const text = await res.text();
    const keys = [...text.matchAll(/"([A-Za-z]+)":/g)].map((m) => m[1]!);
    expect(keys.filter((k) => SECRET_KEYS.includes(k))).toEqual([]);
    for (const [label, value] of secrets)
      if (!allowed.includes(label)) expect({ label, echoed: text.includes(value) }).toEqual({ label, echoed: false });
    expect(res.status()).toBeLessThan(500);
    return text ? (JSON.parse(text) as Record<string, unknown>) : {};
  }

  function sessionOf(res: APIResponse): string {
    const cookie = res.headers()["set-cookie"] ?? "";
    return cookie.match(/session-token=([^;]+)/)?.[1] ?? "";
  }

  test("no secret appears in answers that do not need it, nor in either production log", async () => {
    const [a, b] = servers as [Server, Server];
    const adminEmail = uniqueEmail("sec-admin");
    keep("first password", "first-secret-password-1");
    const reg = await a.api.post("/api/register", {
      data: {
        email: adminEmail,
        password: secrets.get("first password"),
        fullName: "Sec Admin",
        companyName: `Sec ${Date.now()}`,
      },
    });
    expect(reg.status()).toBe(201);
    keep("session after register", sessionOf(reg));
    const { organization } = (await checked(reg)) as { organization: { id: string; slug: string } };
    await sql(databaseUrl, `UPDATE "Organization" SET "plan" = 'pro' WHERE "id" = $1`, [organization.id]);

    // Wrong and right passwords, on both processes.
    expect(
      (await b.api.post("/api/login", { data: { email: adminEmail, password: "wrong-password-guess" } })).status(),
    ).toBe(401);
    const login = await b.api.post("/api/login", {
      data: { email: adminEmail, password: secrets.get("first password") },
    });
    keep("session after login", sessionOf(login));
    await checked(login);
    await checked(await b.api.get("/api/auth/check"));
    await checked(
      await b.api.post("/api/login", { data: "{not json", headers: { "content-type": "application/json" } }),
    );

    // Password reset by mail.
    await checked(await a.api.post("/api/auth/forgot-password", { data: { email: adminEmail } }));
    const resetLink = new URL(await linkFromMail(adminEmail, "/reset-password"));
    keep("reset token", resetLink.searchParams.get("token") ?? undefined);
    keep("second password", "second-secret-password-2");
    await checked(
      await b.api.post("/api/auth/reset-password", {
        data: { token: secrets.get("reset token"), newPassword: secrets.get("second password") },
      }),
    );
    await checked(
      await b.api.post("/api/auth/reset-password", {
        data: { token: secrets.get("reset token"), newPassword: "third-try-password" },
      }),
    ); // used: 400

    // An invitation, verified and accepted.
    const admin = await b.api.post("/api/login", {
      data: { email: adminEmail, password: secrets.get("second password") },
    });
    keep("admin session", sessionOf(admin));
    const invitee = uniqueEmail("sec-invitee");
    expect((await b.api.post("/api/team-invites", { data: { email: invitee, role: "agent" } })).status()).toBe(201);
    await checked(await b.api.get("/api/team-invites"));
    keep("invite token", new URL(await linkFromMail(invitee, "/accept-invite")).searchParams.get("token") ?? undefined);
    await checked(
      await a.api.get(`/api/team-invites/verify?token=${encodeURIComponent(secrets.get("invite token")!)}`),
    );
    keep("invitee password", "invitee-secret-password-3");
    await checked(
      await a.api.post("/api/team-invites/accept", {
        data: { token: secrets.get("invite token"), fullName: "Invitee", password: secrets.get("invitee password") },
      }),
    );
    await checked(await b.api.get("/api/users"));
    await checked(await b.api.get("/api/admin/activity"));

    // Password change.
    keep("changed password", "changed-secret-password-4");
    const changed = await b.api.patch("/api/users/password", {
      data: { currentPassword: secrets.get("second password"), newPassword: secrets.get("changed password") },
    });
    expect(changed.status()).toBe(200);
    await checked(changed);

    // Mailing list with its unsubscribe link.
    const fan = uniqueEmail("sec-fan");
    await checked(await a.api.post("/api/mailing-list", { data: { email: fan, consentGiven: true } }));
    keep("unsubscribe token", (await linkFromMail(fan, "/unsubscribe/")).split("/unsubscribe/")[1]);
    await checked(await b.api.get(`/api/mailing-list/unsubscribe/${secrets.get("unsubscribe token")}`));

    // Portal: code by mail, a wrong guess, the token, its use and its end.
    const customer = uniqueEmail("sec-customer");
    await checked(await a.api.post("/api/portal/access", { data: { org: organization.slug, email: customer } }));
    keep("portal code", await codeFromMail(customer));
    const wrong = secrets.get("portal code") === "00000000" ? "11111111" : "00000000";
    await checked(
      await b.api.post("/api/portal/access", { data: { org: organization.slug, email: customer, code: wrong } }),
    );
    const access = await b.api.post("/api/portal/access", {
      data: { org: organization.slug, email: customer, code: secrets.get("portal code") },
    });
    await checked(access);
    const accessToken = portalTokenOf(access, organization.slug);
    keep("portal session token", accessToken);
    // The other server gets the session as the browser would send it: the portal's cookie.
    const asCustomer = {
      ...asPortal(organization.slug),
      cookie: `${portalCookieName(organization.slug)}=${accessToken}`,
    };
    await checked(
      await a.api.post("/api/portal/tickets", {
        data: { subject: "Log check", description: "Nothing secret here" },
        headers: asCustomer,
      }),
    );
    await checked(await b.api.get("/api/portal/tickets", { headers: asCustomer }));
    await checked(await a.api.post("/api/portal/logout", { headers: asCustomer }));
    expect((await b.api.get("/api/portal/tickets", { headers: asCustomer })).status()).toBe(401);

    // Stored hashes must not leak either.
    for (const row of await sql(
      databaseUrl,
      `SELECT "passwordHash" AS v FROM "User" UNION ALL SELECT "tokenHash" FROM "TeamInvite" UNION ALL SELECT "tokenHash" FROM "PasswordResetToken" UNION ALL SELECT "tokenHash" FROM "PortalSession" UNION ALL SELECT "codeHash" FROM "PortalAccessCode"`,
    )) {
      secrets.set(`stored hash ${String(row.v).slice(0, 12)}`, String(row.v));
    }

    for (const [i, s] of servers.entries()) {
      const log = s.log.join("");
      expect(log.length).toBeGreaterThan(0);
      const found = [...secrets].filter(([, value]) => log.includes(value)).map(([label]) => label);
      expect({ server: i, found }).toEqual({ server: i, found: [] });
    }
  });

  test("the login throttle per account and address counts attempts on both processes together", async () => {
    const [a, b] = servers as [Server, Server];
    const email = uniqueEmail("sec-throttle");
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) {
      const server = i % 2 === 0 ? a : b;
      statuses.push(
        (
          await server.api.post("/api/login", {
            data: { email, password: "wrong-password" },
            headers: { "x-forwarded-for": `198.51.100.${i}` },
          })
        ).status(),
      );
    }
    expect(statuses).toEqual(Array(10).fill(401));
    for (const server of [a, b]) {
      const res = await server.api.post("/api/login", {
        data: { email, password: "wrong-password" },
        headers: { "x-forwarded-for": "203.0.113.99" },
      });
      expect(res.status()).toBe(429);
      expect(Number(res.headers()["retry-after"])).toBeGreaterThan(0);
      expect((await res.json()) as unknown).toEqual({ error: expect.any(String), code: "rate_limited" });
    }
  });

  test("the per-address register throttle is shared by both processes and not reset by forged X-Forwarded-For", async () => {
    const [a, b] = servers as [Server, Server];
    const outcomes: number[] = [];
    for (let i = 0; i < 12; i++) {
      const server = i % 2 === 0 ? a : b;
      const res = await server.api.post("/api/register", {
        data: {
          email: uniqueEmail("sec-flood"),
          password: "flood-password",
          fullName: "Flood",
          companyName: `Flood ${i} ${Date.now()}`,
        },
        headers: { "x-forwarded-for": `192.0.2.${i + 1}`, "x-real-ip": `192.0.2.${i + 1}` },
      });
      outcomes.push(res.status());
      if (res.status() === 429) expect(Number(res.headers()["retry-after"])).toBeGreaterThan(0);
    }
    // Earlier tests registered once in this database: at most 10 in the window in all, then 429s on both processes.
    const created = outcomes.filter((s) => s === 201).length;
    expect(created).toBeLessThanOrEqual(9);
    const firstRefusal = outcomes.indexOf(429);
    expect(firstRefusal).toBeGreaterThan(0);
    expect(outcomes.slice(firstRefusal)).toEqual(Array(outcomes.length - firstRefusal).fill(429));
  });
});
