export type Answer = { status: number; body?: unknown; headers?: Record<string, string> };
export type Call = { method: string; url: string; body?: unknown };

/**
 * Before each test, replaces fetch with one that answers from `answer(method, url)`. The
 * returned list records every request of the current test, with its JSON body.
 */
export function fakeFetch(answer: (method: string, url: string) => Answer): Call[] {
  const calls: Call[] = [];
  beforeEach(() => {
    calls.length = 0;
    global.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const method = init?.method ?? "GET";
      const url = String(input);
      calls.push({ method, url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      const { status, body, headers } = answer(method, url);
      const text = body === undefined ? "" : JSON.stringify(body);
      return {
        ok: status >= 200 && status < 300,
        status,
        statusText: "",
        headers: new Headers(headers),
        json: async () => body,
        text: async () => text,
      } as unknown as Response;
    }) as typeof fetch;
  });
  return calls;
}

/** The answer listed for "METHOD url"; a request the test did not expect fails it. */
export function listed(answers: Record<string, Answer>, method: string, url: string): Answer {
  const answer = answers[`${method} ${url}`];
  if (!answer) throw new Error(`unexpected ${method} ${url}`);
  return answer;
}
