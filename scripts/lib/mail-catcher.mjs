// An SMTP server for the end-to-end run: every message the app sends is written as JSON to
// `dir`, where the browser tests read links and codes from it.
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { createRequire } from "node:module";

// The package's ES build imports a nodemailer directory path that Node rejects; its CommonJS build works.
const require = createRequire(import.meta.url);
const { SMTPServer } = /** @type {typeof import("smtp-server")} */ (require("smtp-server"));
const { simpleParser } = /** @type {typeof import("mailparser")} */ (require("mailparser"));

/** @param {string} dir */
export async function startMailCatcher(dir) {
  mkdirSync(dir, { recursive: true });
  let count = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      let raw = "";
      stream.on("data", (chunk) => (raw += chunk.toString("utf8")));
      stream.on("end", () => {
        const text = raw
          .replace(/=\r?\n/g, "")
          .replace(/=([0-9A-F]{2})/g, (_, hex) => String.fromCharCode(parseInt(hex, 16)));
        const to = session.envelope.rcptTo.map((r) => r.address.toLowerCase());
        const name = `${Date.now()}-${++count}.json`;
        // The HTML part decoded, so a test can compare it with what the pages show.
        simpleParser(raw)
          .then(
            (parsed) => parsed.html || undefined,
            () => undefined,
          )
          .then((html) => {
            writeFileSync(path.join(dir, name), JSON.stringify({ to, text, html }));
            callback();
          });
      });
    },
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(undefined)));
  const { port } = /** @type {import("node:net").AddressInfo} */ (server.server.address());
  return {
    url: `smtp://127.0.0.1:${port}/?ignoreTLS=true`,
    /** @returns {Promise<void>} */
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
