// The public API from the command line, against a running Ticketry (`npm start`):
//   npm run api:example -- [--url http://localhost:3000] [--email admin@acme.test] [--password ...]
// Signs in as the demo admin, creates an API token with tickets:read and tickets:write (as the
// Settings > API tab does), lists tickets and creates one with it, and revokes it at the end.
// Each call is printed as the curl line that makes it, followed by the answer.
import "./lib/env-file.mjs";
import { parseArgs } from "node:util";

const { values } = parseArgs({
  options: {
    url: { type: "string", default: "http://localhost:3000" },
    email: { type: "string", default: "admin@acme.test" },
    password: { type: "string", default: "demo-password-1" },
  },
});
const base = values.url.replace(/\/$/, "");

/** Single quotes for a POSIX shell. @param {string} text */
const quoted = (text) => `'${text.replaceAll("'", `'\\''`)}'`;

/**
 * Makes one call and prints it: the curl line (the token as `$TOKEN`, the password as
 * `$PASSWORD` outside the quotes so the shell fills it in, the session cookie as the file curl
 * keeps it in), then the status and the answer.
 * @param {string} method
 * @param {string} path
 * @param {{ body?: unknown, printedBody?: unknown, token?: string, cookie?: string }} [call]
 */
async function api(method, path, { body, printedBody = body, token, cookie } = {}) {
  const headers = {
    ...(token && { authorization: `Bearer ${token}` }),
    // A session call comes from the app's own pages, as a browser's would: same origin.
    ...(cookie !== undefined && { origin: base, ...(cookie && { cookie }) }),
    ...(body !== undefined && { "content-type": "application/json" }),
  };
  const line = [
    `curl -s${method === "GET" ? "" : ` -X ${method}`} "${base}${path}"`,
    ...(token ? [`-H "Authorization: Bearer $TOKEN"`] : []),
    ...(cookie !== undefined ? [`-H "Origin: ${base}"`, cookie ? "-b cookies.txt" : "-c cookies.txt"] : []),
    ...(body !== undefined
      ? [
          `-H "Content-Type: application/json"`,
          `-d ${quoted(JSON.stringify(printedBody)).replace("$PASSWORD", `'"$PASSWORD"'`)}`,
        ]
      : []),
  ];
  console.log(`\n$ ${line.join(" \\\n    ")}`);
  const res = await fetch(`${base}${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  console.log(`HTTP ${res.status}`);
  if (text) console.log(JSON.stringify(JSON.parse(text), null, 2));
  if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}`);
  return { res, answer: text ? JSON.parse(text) : null };
}

const credentials = { email: values.email, password: values.password };
try {
  const { res: login } = await api("POST", "/api/login", {
    body: credentials,
    printedBody: { ...credentials, password: "$PASSWORD" },
    cookie: "",
  });
  const cookie = login.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");

  const { answer: created } = await api("POST", "/api/api-tokens", {
    body: { name: "npm run api:example", scopes: ["tickets:read", "tickets:write"], expiresAt: null },
    cookie,
  });
  console.log(`\n$ TOKEN=${created.token}   # the secret, shown this once; revoked at the end of this script`);
  try {
    await api("GET", "/api/v1/tickets?limit=2", { token: created.token });
    await api("POST", "/api/v1/tickets", {
      token: created.token,
      body: {
        subject: "Printer on the 3rd floor is jammed",
        description: "Created by npm run api:example with an API token.",
        customerEmail: "casey@customer.test",
        priority: "high",
      },
    });
  } finally {
    await api("DELETE", `/api/api-tokens/${created.id}`, { cookie });
  }
} catch (error) {
  console.error(`\n${error instanceof Error ? error.message : error}`);
  process.exitCode = 1;
}
