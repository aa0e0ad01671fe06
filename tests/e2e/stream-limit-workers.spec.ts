import { DEMO_PASSWORD } from "@/lib/site/demo";
import {
  open,
  send,
  startServerWorkers,
  stopServerWorkers,
  type OpenAnswer,
  type ServerWorkers,
} from "./server-workers";
import { expect, test } from "./team";

// The production build's server code is split into chunks, and each may carry a copy of a module
// of its own, the error type among them, while the live hub is one per process (on globalThis):
// a stream refused by a hub made in another chunk is still the one error shape, never a 500.
// Production server, NODE_ENV=production, two worker processes, each with its own hub.

const PORT = Number(process.env.E2E_PORT ?? 3100) + 40;
/** Streams one person may hold on one process (LIVE_MAX_STREAMS_PER_USER), kept small here. */
const PER_USER = 4;

let server: ServerWorkers | undefined;
test.beforeAll(async () => {
  server = await startServerWorkers(PORT, { NODE_ENV: "production", LIVE_MAX_STREAMS_PER_USER: String(PER_USER) });
});
test.afterAll(() => stopServerWorkers(server));

async function signIn(email: string): Promise<string> {
  const answer = await send(PORT, "/api/login", {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": "192.0.2.140" },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  expect(answer.status).toBe(200);
  return (answer.headers["set-cookie"] ?? []).map((cookie) => cookie.split(";")[0]).join("; ");
}

/** A refused stream's answer, read to the end. */
async function refusal(answer: OpenAnswer) {
  const chunks: Buffer[] = [];
  for await (const chunk of answer.response) chunks.push(chunk as Buffer);
  return {
    status: answer.status,
    retryAfter: answer.headers["retry-after"],
    body: JSON.parse(Buffer.concat(chunks).toString("utf8")) as unknown,
  };
}

test("one person's streams past the limit are refused with 429 and the error shape by every worker, never a 500", async ({
  team,
}) => {
  const cookie = await signIn(team.agent.email);
  const held: OpenAnswer[] = [];
  const byWorker = new Map<string, number[]>();
  const refused: Awaited<ReturnType<typeof refusal>>[] = [];
  try {
    // Until both workers have answered one past the limit (each connection goes to the next worker in turn).
    const pastLimit = () => ["1", "2"].every((worker) => (byWorker.get(worker)?.length ?? 0) > PER_USER);
    for (let i = 0; i < 6 * PER_USER && !pastLimit(); i++) {
      const answer = await open(PORT, "/api/events", { headers: { cookie } });
      expect(answer.worker).toMatch(/^[12]$/);
      byWorker.set(answer.worker!, [...(byWorker.get(answer.worker!) ?? []), answer.status]);
      if (answer.status === 200) held.push(answer);
      else refused.push(await refusal(answer));
    }
    expect(pastLimit()).toBe(true);
    for (const worker of ["1", "2"]) {
      const statuses = byWorker.get(worker) ?? [];
      expect(statuses.slice(0, PER_USER), `worker ${worker}`).toEqual(Array(PER_USER).fill(200));
      expect(statuses.slice(PER_USER), `worker ${worker}`).toEqual(Array(statuses.length - PER_USER).fill(429));
    }
    for (const answer of refused)
      expect(answer).toEqual({
        status: 429,
        retryAfter: "30",
        body: { error: "Too many open tabs. Close some and reload this one.", code: "too_many_streams" },
      });
    // Nor logged as an unexpected error.
    expect(server!.output()).not.toMatch(/"level":"error".*"path":"\/api\/events"/);
  } finally {
    for (const stream of held) stream.close();
  }
  // A closed stream frees its place again on both workers.
  const accepted = new Set<string>();
  await expect
    .poll(async () => {
      const answer = await open(PORT, "/api/events", { headers: { cookie } });
      answer.close();
      if (answer.status === 200) accepted.add(answer.worker!);
      return [...accepted].sort();
    })
    .toEqual(["1", "2"]);
});
