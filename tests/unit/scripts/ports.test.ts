import { createServer, type Server } from "node:net";
import type { AddressInfo } from "node:net";
import {
  ensurePortFree,
  firstFreePort,
  isPortFree,
  portHolder,
  portInUseMessage,
  PortInUseError,
} from "@/scripts/lib/ports.mjs";

// A second copy of Ticketry finds its ports taken: it must say which port, what holds it and
// what to set, before it starts anything.

let occupier: Server;
let port: number;
beforeAll(async () => {
  occupier = createServer();
  await new Promise<void>((resolve) => occupier.listen(0, "127.0.0.1", resolve));
  port = (occupier.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => occupier.close(() => resolve())));

/** A port something listened on a moment ago and no longer does. */
async function freedPort(): Promise<number> {
  const other = createServer();
  await new Promise<void>((resolve) => other.listen(0, "127.0.0.1", resolve));
  const otherPort = (other.address() as AddressInfo).port;
  await new Promise<void>((resolve) => other.close(() => resolve()));
  return otherPort;
}

test("a port something listens on is not free; once it is closed, it is", async () => {
  expect(await isPortFree(port, "127.0.0.1")).toBe(false);
  expect(await isPortFree(await freedPort(), "127.0.0.1")).toBe(true);
});

test("the taken port's message names the port, the holding process and the variable to set", async () => {
  const error = await ensurePortFree(port, {
    host: "127.0.0.1",
    service: "the embedded PostgreSQL",
    settings: ["EMBEDDED_PG_PORT=<port>", "DATABASE_URL set to a PostgreSQL of your own"],
  }).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(PortInUseError);
  const message = (error as Error).message;
  expect(message).toContain(`Port ${port} is already in use, so the embedded PostgreSQL cannot listen on it.`);
  // This test process holds the port, and Linux lets us see that.
  expect(message).toContain(`It is held by process ${process.pid} (`);
  expect(message).toMatch(
    /Stop that program, or run with EMBEDDED_PG_PORT=(\d+), or DATABASE_URL set to a PostgreSQL of your own \(port \1 is free now\)\./,
  );
  expect(message).not.toContain("undefined");
});

test("the holder is the process with the listening socket", () => {
  expect(portHolder(port)).toEqual({ pid: process.pid, command: expect.stringContaining("node") });
});

test("a holder that cannot be seen is described as a probable other copy; a PostgreSQL one as such", () => {
  const unseen = portInUseMessage({
    port: 3000,
    service: "the Ticketry server",
    settings: ["PORT=<port>"],
    holder: undefined,
    freePort: 3001,
  });
  expect(unseen).toBe(
    [
      "Port 3000 is already in use, so the Ticketry server cannot listen on it.",
      "It is held by another program, probably another copy of Ticketry (npm start, npm run dev or npm test) that is still running.",
      "Stop that program, or run with PORT=3001 (port 3001 is free now).",
    ].join("\n"),
  );
  const postgres = portInUseMessage({
    port: 54329,
    service: "the embedded PostgreSQL",
    settings: ["EMBEDDED_PG_PORT=<port>"],
    holder: { pid: 42, command: "postgres -D /x -p 54329" },
  });
  expect(postgres).toContain(
    "It is held by process 42 (postgres -D /x -p 54329), a PostgreSQL server: probably another copy of Ticketry",
  );
  expect(postgres).toContain("Stop that program, or run with EMBEDDED_PG_PORT=<port>.");
});

test("a port lent to an outgoing connection is described as such, with a retry instead of a program to stop", () => {
  const message = portInUseMessage({
    port: 54330,
    service: "the embedded PostgreSQL",
    settings: ["TEST_PG_PORT=<port>"],
    unlistened: true,
    freePort: 54331,
  });
  expect(message).toBe(
    [
      "Port 54330 is already in use, so the embedded PostgreSQL cannot listen on it.",
      "It is held by no server: nothing listens on it, so it is probably the local end of an outgoing connection, which frees it when it closes.",
      "Try again in a moment, or run with TEST_PG_PORT=54331 (port 54331 is free now).",
    ].join("\n"),
  );
});

test("an outgoing connection's local port is reported as unlistened", async () => {
  // A client socket keeps its local port bound while connected, though nothing listens on it.
  const { Socket } = await import("node:net");
  const client = new Socket();
  await new Promise<void>((resolve) => client.connect(port, "127.0.0.1", resolve));
  const localPort = client.localPort!;
  try {
    const error = await ensurePortFree(localPort, {
      host: "127.0.0.1",
      service: "the embedded PostgreSQL",
      settings: ["TEST_PG_PORT=<port>"],
    }).catch((e: unknown) => e);
    expect((error as Error).message).toContain("It is held by no server: nothing listens on it");
  } finally {
    client.destroy();
  }
});

test("the first free port is the port itself when free, else the next free one above it", async () => {
  expect(await firstFreePort(port, "127.0.0.1")).toBeGreaterThan(port);
  const freed = await freedPort();
  expect(await firstFreePort(freed, "127.0.0.1")).toBe(freed);
});
