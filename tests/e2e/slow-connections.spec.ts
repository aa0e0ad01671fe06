import { slowRequest, type SlowAnswer, type SlowRequest } from "@/bench/lib/slow-request.mjs";
import { ANONYMOUS_LANES } from "@/lib/http/server/request-lanes.mjs";
import { DEMO_PASSWORD } from "@/lib/site/demo";
import { send, startServerWorkers, stopServerWorkers, type ServerWorkers } from "./server-workers";
import { expect, test } from "./team";

// Slow clients against the production server (scripts/serve.mjs, one process, so all of them
// meet the same request lanes): connections that send their headers, declare a body and then
// send it a byte every two seconds must hold nothing a genuine caller waits for. Sign-ins stay
// under a second while fifty of them are open, each is answered 408 within a few seconds, one
// address holds only a few places, and a dripped body or dripped headers elsewhere are cut off.

const PORT = Number(process.env.E2E_PORT ?? 3100) + 8;
/** The bound for a genuine sign-in while the attack runs. */
const SIGN_IN_MS = 1_000;
/** A lane route's body must have arrived within a few seconds: its 408 comes by then. */
const SMALL_BODY_ANSWER_MS = 8_000;
/** Other bodies and headers are cut after a grace period of seconds, not Node's minutes. */
const GRACE_ANSWER_MS = 15_000;
const DRIP_MS = 2_000;
/** The token lane's paths, which a stranger may call as freely as the sign-in. */
const TOKEN_PATHS = ANONYMOUS_LANES.find((lane) => lane.name === "tokens")!.paths;
const TIMED_OUT = { error: expect.any(String), code: "request_timeout" };

let server: ServerWorkers | undefined;
const attack: SlowRequest[] = [];

test.beforeAll(async ({ team }) => {
  test.setTimeout(90_000);
  // One process, so that every slow connection meets the same lanes; the end-to-end server
  // runs the jobs of the shared database.
  server = await startServerWorkers(PORT, { WEB_CONCURRENCY: "1", JOBS_IN_SERVER: "false" });
  // A first sign-in loads what every later one reuses (database connections, the password
  // hasher): the timed ones measure the attack, not a cold start.
  expect((await signIn(team.admin.email, "192.0.2.200")).status).toBe(200);
});
test.afterEach(() => {
  for (const request of attack.splice(0)) request.stop();
});
test.afterAll(() => stopServerWorkers(server));

/** A slow request on the spec's server, stopped after the test whatever happened. */
function slow(path: string, options: Omit<Parameters<typeof slowRequest>[0], "port" | "path"> = {}) {
  const request = slowRequest({ port: PORT, path, everyMs: DRIP_MS, ...options });
  attack.push(request);
  return request;
}

/** Resolves once every request has sent its headers and the server has read them. */
async function inPlace(requests: SlowRequest[]) {
  await Promise.all(requests.map((r) => r.sent));
  // The server takes connections in turn: an answer to one sent after them all means it has read theirs.
  expect((await send(PORT, "/api/health")).status).toBe(200);
}

/** A genuine sign-in from `address`: its status and how long it took (given up after 5 s). */
async function signIn(email: string, address: string) {
  const started = Date.now();
  const res = await fetch(`http://127.0.0.1:${PORT}/api/login`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": address },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
    signal: AbortSignal.timeout(5_000),
  }).catch(() => null);
  const ms = Date.now() - started;
  const cookie = (res?.headers.getSetCookie() ?? []).map((c) => c.split(";")[0]).join("; ");
  return { status: res?.status ?? 0, ms, cookie, json: res ? ((await res.json()) as unknown) : null };
}

function expectTimedOut(answer: SlowAnswer, withinMs: number) {
  expect(answer.status).toBe(408);
  expect(JSON.parse(answer.body)).toEqual(TIMED_OUT);
  expect(answer.ms).toBeLessThan(withinMs);
}

test("genuine sign-ins answer in under a second while 50 slow connections are open", async ({ team }) => {
  // Half to the sign-in, half over the token lane's paths, each from an address of its own, as
  // an attacker with many addresses would send them.
  const slowOnes = Array.from({ length: 50 }, (_, i) =>
    slow(i % 2 === 0 ? "/api/login" : TOKEN_PATHS[(i >> 1) % TOKEN_PATHS.length]!, {
      headers: { "X-Forwarded-For": `203.0.113.${i + 1}` },
    }),
  );
  await inPlace(slowOnes);

  for (let i = 1; i <= 3; i++) {
    const genuine = await signIn(team.admin.email, `192.0.2.${i}`);
    expect(genuine.status).toBe(200);
    expect(genuine.ms).toBeLessThan(SIGN_IN_MS);
    // The attack is still in place: none of the fifty has been answered yet.
    expect(slowOnes.filter((r) => r.answered())).toHaveLength(0);
  }

  // Each slow connection is then answered 408 with the error shape, and closed.
  for (const answer of await Promise.all(slowOnes.map((r) => r.answer))) expectTimedOut(answer, SMALL_BODY_ANSWER_MS);
});

test("one address holds only a few places in a lane: its next request is answered 429 at once", async ({ team }) => {
  const address = "203.0.113.200";
  await inPlace(Array.from({ length: 4 }, () => slow("/api/login", { headers: { "X-Forwarded-For": address } })));

  const refused = await signIn(team.admin.email, address);
  expect(refused.status).toBe(429);
  expect(refused.json).toEqual({ error: "Too many requests. Please try again later.", code: "rate_limited" });
  expect(refused.ms).toBeLessThan(SIGN_IN_MS);

  const other = await signIn(team.admin.email, "192.0.2.50");
  expect(other.status).toBe(200);
  expect(other.ms).toBeLessThan(SIGN_IN_MS);
});

test("a dripped body elsewhere is cut after its grace period, and dripped headers after the header timeout", async ({
  team,
}) => {
  test.setTimeout(40_000);
  const agent = await signIn(team.agent.email, "192.0.2.60");
  expect(agent.status).toBe(200);
  // A signed-in agent's new ticket: the route reads the body, which never comes.
  const body = slow("/api/tickets", { length: 1_000, headers: { Cookie: agent.cookie } });
  const headers = slow("/api/health", { method: "GET", headersOnly: true });
  const [bodyAnswer, headersAnswer] = await Promise.all([body.answer, headers.answer]);
  expectTimedOut(bodyAnswer, GRACE_ANSWER_MS);
  // Node's own answer to headers that never end: 408, no body, the connection closed.
  expect(headersAnswer.status).toBe(408);
  expect(headersAnswer.ms).toBeLessThan(GRACE_ANSWER_MS);
});
