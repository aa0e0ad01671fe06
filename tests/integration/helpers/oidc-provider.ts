import { spawn } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import http from "node:http";
import path from "node:path";
import { once } from "node:events";

/** The dev provider's clients (scripts/oidc-dev-provider.mjs). */
export const DEV_CLIENT_ID = "ticketry";
export const DEV_CLIENT_SECRET = "ticketry-dev-client-secret";
const OTHER_CLIENT_ID = "another-app";
const OTHER_CLIENT_SECRET = "another-app-client-secret";
const OTHER_REDIRECT_URI = "http://localhost:9/another-app/callback";

export type TestProvider = {
  issuer: string;
  /** Signs in at the provider's form as `email` from `authorizationUrl` and answers where it sends the browser back. */
  signIn: (authorizationUrl: string, email: string) => Promise<URL>;
  /** An ID token the provider issued to another application for `email`, with `nonce`. */
  idTokenForAnotherClient: (email: string, nonce: string) => Promise<string>;
  /** The next token answer carries this ID token instead of its own (a token meant for someone else). */
  swapNextIdToken: (idToken: string) => void;
  close: () => Promise<void>;
};

/**
 * Starts the development provider (scripts/oidc-dev-provider.mjs, the same one `npm run
 * sso:provider` serves) in a child process, behind a small proxy of the test's: the proxy's
 * address is the issuer, so the test can hand Ticketry a token answer of its choosing.
 */
export async function startTestProvider({
  background = false,
  appUrl = "http://localhost:3000",
} = {}): Promise<TestProvider> {
  let swap: string | null = null;
  let upstreamPort = 0;
  const proxy = http.createServer((req, res) => {
    const upstream = http.request(
      { host: "127.0.0.1", port: upstreamPort, path: req.url, method: req.method, headers: req.headers, agent: false },
      async (answer) => {
        const chunks: Buffer[] = [];
        for await (const chunk of answer) chunks.push(chunk as Buffer);
        let body = Buffer.concat(chunks);
        if (swap && req.url === "/token" && answer.statusCode === 200) {
          body = Buffer.from(JSON.stringify({ ...JSON.parse(body.toString()), id_token: swap }));
          swap = null;
        }
        // No keep-alive: a connection left open to the proxy would keep the test process alive.
        res.writeHead(answer.statusCode ?? 502, {
          ...answer.headers,
          "content-length": body.length,
          connection: "close",
        });
        res.end(body);
      },
    );
    req.pipe(upstream);
  });
  proxy.listen(0, "127.0.0.1");
  await once(proxy, "listening");
  const issuer = `http://127.0.0.1:${(proxy.address() as { port: number }).port}`;
  const child = spawn(
    process.execPath,
    [
      path.join(process.cwd(), "scripts/oidc-dev-provider.mjs"),
      "--port",
      "0",
      "--issuer",
      issuer,
      "--exit-with-parent",
    ],
    { stdio: ["pipe", "pipe", "pipe"], env: { ...process.env, APP_URL: appUrl } },
  );
  let output = "";
  upstreamPort = await new Promise<number>((resolve, reject) => {
    child.stdout.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      const port = /\(port (\d+)\)/.exec(output);
      if (port) resolve(Number(port[1]));
    });
    child.once("exit", (code) => reject(new Error(`the provider stopped (${code}): ${output}`)));
  });
  child.stderr.resume();
  if (background) {
    proxy.unref();
    proxy.on("connection", (socket) => socket.unref());
    child.unref();
    for (const stream of [child.stdin, child.stdout, child.stderr])
      (stream as unknown as { unref?: () => void }).unref?.();
    process.once("exit", () => child.kill());
  }

  async function signIn(authorizationUrl: string, email: string): Promise<URL> {
    const jar = new Map<string, string>();
    const go = async (url: string, init: RequestInit = {}) => {
      const cookie = [...jar].map(([name, value]) => `${name}=${value}`).join("; ");
      const res = await fetch(url, { ...init, redirect: "manual", headers: { ...init.headers, cookie } });
      for (const set of res.headers.getSetCookie()) {
        const pair = set.split(";")[0]!;
        jar.set(pair.slice(0, pair.indexOf("=")), pair.slice(pair.indexOf("=") + 1));
      }
      return res;
    };
    let res = await go(authorizationUrl);
    for (let hops = 0; hops < 10; hops++) {
      if (res.status === 200) {
        // The provider's sign-in form: any email, any password.
        const action = /action="([^"]+)"/.exec(await res.text())?.[1]?.replace(/&amp;/g, "&");
        if (!action) throw new Error("the provider showed no sign-in form");
        res = await go(new URL(action, issuer).href, {
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded" },
          body: new URLSearchParams({ prompt: "login", login: email, password: "anything" }),
        });
        continue;
      }
      const location = new URL(res.headers.get("location") ?? "", issuer);
      if (!location.href.startsWith(issuer)) return location;
      res = await go(location.href);
    }
    throw new Error("the provider never sent the browser back");
  }

  async function idTokenForAnotherClient(email: string, nonce: string): Promise<string> {
    const verifier = randomBytes(32).toString("base64url");
    const query = new URLSearchParams({
      client_id: OTHER_CLIENT_ID,
      response_type: "code",
      scope: "openid email",
      redirect_uri: OTHER_REDIRECT_URI,
      state: "another-app-state",
      nonce,
      code_challenge: createHash("sha256").update(verifier).digest("base64url"),
      code_challenge_method: "S256",
    });
    const back = await signIn(`${issuer}/auth?${query}`, email);
    const res = await fetch(`${issuer}/token`, {
      method: "POST",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        authorization: `Basic ${Buffer.from(`${OTHER_CLIENT_ID}:${OTHER_CLIENT_SECRET}`).toString("base64")}`,
      },
      body: new URLSearchParams({
        grant_type: "authorization_code",
        code: back.searchParams.get("code") ?? "",
        redirect_uri: OTHER_REDIRECT_URI,
        code_verifier: verifier,
      }),
    });
    const tokens = (await res.json()) as { id_token?: string };
    if (!tokens.id_token) throw new Error(`no ID token for the other client: ${JSON.stringify(tokens)}`);
    return tokens.id_token;
  }

  return {
    issuer,
    signIn,
    idTokenForAnotherClient,
    swapNextIdToken: (idToken) => {
      swap = idToken;
    },
    close: async () => {
      child.stdin.end();
      child.kill();
      proxy.closeAllConnections();
      await new Promise((resolve) => proxy.close(resolve));
    },
  };
}

let shared: Promise<TestProvider> | undefined;

/**
 * One provider for a whole test process that only needs it to answer (the security matrix's
 * calls): it never keeps the process alive, and ends with it.
 */
export function sharedTestProvider(): Promise<TestProvider> {
  return (shared ??= startTestProvider({ background: true }));
}
