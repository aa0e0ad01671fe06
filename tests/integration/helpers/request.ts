import { NextRequest } from "next/server";

const BASE = "http://localhost:3000";

type Options = {
  method?: string;
  body?: unknown;
  /** Sent as-is instead of JSON-encoding `body`. */
  rawBody?: string | Uint8Array<ArrayBuffer>;
  headers?: Record<string, string>;
};

/** Builds the NextRequest a route handler receives; JSON bodies get the JSON content type. */
export function makeRequest(path: string, { method = "GET", body, rawBody, headers = {} }: Options = {}) {
  const init: { method: string; headers: Record<string, string>; body?: string | Uint8Array<ArrayBuffer> } = {
    method,
    headers: { ...headers },
  };
  if (rawBody !== undefined) init.body = rawBody;
  else if (body !== undefined) {
    init.body = JSON.stringify(body);
    init.headers["content-type"] ??= "application/json";
  }
  return new NextRequest(new URL(path, BASE), init);
}

/** Route context with the given dynamic segments. */
export function params(values: Record<string, string> = {}) {
  return { params: Promise.resolve(values) };
}

export async function readJson(res: Response) {
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}
