// The part of autocannon (no bundled types) that the benchmarks use: a closed-loop run, awaited
// for its totals, with one event per response for exact percentiles.
declare module "autocannon" {
  namespace autocannon {
    interface Request {
      method?: string;
      path?: string;
      headers?: Record<string, string>;
      body?: string;
      /** Fills in the request; `context` is shared by the requests of one connection's round. */
      setupRequest?(request: Request, context: Record<string, string>): Request;
    }

    interface Options {
      url: string;
      connections?: number;
      /** Seconds. */
      duration?: number;
      /** Seconds before a request counts as timed out. */
      timeout?: number;
      headers?: Record<string, string>;
      requests?: Request[];
    }

    interface Histogram {
      average: number;
      total: number;
      p50: number;
      p97_5: number;
    }

    interface Result {
      requests: Histogram;
      latency: Histogram;
      errors: number;
      timeouts: number;
      non2xx: number;
    }

    interface Instance extends PromiseLike<Result> {
      on(
        event: "response",
        listener: (client: unknown, statusCode: number, resBytes: number, responseTime: number) => void,
      ): this;
    }
  }

  function autocannon(options: autocannon.Options): autocannon.Instance;
  export = autocannon;
}
