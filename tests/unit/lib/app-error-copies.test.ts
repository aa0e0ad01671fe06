/** @jest-environment node */
import type { AppError } from "@/lib/errors";

// The production build may load lib/errors.ts more than once in one process (a copy per server
// chunk), while the live hub is one per process (on globalThis): an AppError one copy made is
// known as one by the code of every other copy, so it keeps its status instead of a 500.

type Errors = typeof import("@/lib/errors");
type MapError = typeof import("@/lib/http/server/map-error");
type LiveHub = typeof import("@/lib/live/hub");

/** A fresh copy of the module and of everything it imports, as another chunk holds it. */
async function copyOf<M>(load: () => Promise<M>): Promise<M> {
  let loaded: M | undefined;
  await jest.isolateModulesAsync(async () => {
    loaded = await load();
  });
  return loaded!;
}

const caught = (run: () => unknown): unknown => {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error("nothing was thrown");
};

afterEach(() => {
  delete (globalThis as { ticketryLiveHub?: unknown }).ticketryLiveHub;
});

test("an AppError made by another copy of lib/errors is still one to isAppError and to the route's error mapping", async () => {
  const made = await copyOf<Errors>(() => import("@/lib/errors"));
  const other = await copyOf<Errors>(() => import("@/lib/errors"));
  const { toAppError } = await copyOf<MapError>(() => import("@/lib/http/server/map-error"));
  const error = made.tooManyRequests(12);
  // The premise: the class of one copy does not know the other's instances.
  // eslint-disable-next-line ticketry/no-instanceof-app-error -- showing the check the rule forbids fail
  expect(error instanceof other.AppError).toBe(false);
  expect(other.isAppError(error)).toBe(true);
  expect(toAppError(error)).toBe(error);
});

test("isAppError is false for anything else, errors with the same code and name included", async () => {
  const { isAppError } = await copyOf<Errors>(() => import("@/lib/errors"));
  const lookalike = Object.assign(new Error("Too many requests"), { name: "AppError", code: "rate_limited" });
  for (const value of [lookalike, new Error("x"), { code: "not_found" }, "not_found", null, undefined])
    expect(isAppError(value)).toBe(false);
});

test("a stream refused by the hub another chunk made maps to too_many_streams with its Retry-After", async () => {
  const { hub, LIVE_LIMITS } = await copyOf<LiveHub>(() => import("@/lib/live/hub"));
  const { toAppError } = await copyOf<MapError>(() => import("@/lib/http/server/map-error"));
  const audience = { organizationId: "o1", holder: "user:u1", staff: true, internalNotes: true, customerKey: null };
  const removers = Array.from({ length: LIVE_LIMITS.perHolder }, () => hub.add({ audience, send: () => {} }));
  const refused = toAppError(caught(() => hub.add({ audience, send: () => {} }))) as AppError | null;
  expect({ code: refused?.code, extra: refused?.extra }).toEqual({
    code: "too_many_streams",
    extra: { retryAfterSeconds: 30 },
  });
  for (const remove of removers) remove();
});
