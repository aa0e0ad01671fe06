// The benchmark's SMTP server (accepting every message) in a process of its own, as a mail server
// is: beside the load generator, whose event loop is busy through every measurement, each SMTP
// reply waited behind it, and the app's job workers sent far less mail than they do to a server
// that answers at once.
import { fork } from "node:child_process";
import { fileURLToPath } from "node:url";
import { startMailSink } from "./traffic.mjs";

/** Starts the SMTP server's process; `received()` asks it how many messages it has taken. */
export async function startMailSinkProcess() {
  const child = fork(fileURLToPath(import.meta.url), ["--serve"], {
    execArgv: [],
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  // One question at a time: its answer is the next message.
  /** @type {{ resolve: (message: unknown) => void, reject: (error: Error) => void } | null} */
  let waiting = null;
  child.on("message", (message) => waiting?.resolve(message));
  child.on("exit", (code) => waiting?.reject(new Error(`the bench's SMTP server exited (${code})`)));
  const next = () => new Promise((resolve, reject) => (waiting = { resolve, reject }));
  const { url } = /** @type {{ url: string }} */ (await next());
  return {
    url,
    received: async () => {
      const answer = next();
      child.send("received");
      return /** @type {{ received: number }} */ (await answer).received;
    },
    stop: () =>
      new Promise((resolve) => {
        child.once("exit", resolve);
        child.disconnect();
      }),
  };
}

/**
 * Answers startMailSinkProcess, which forks this process with an IPC channel to itself.
 * @param {{ url: string } | { received: number }} message
 */
function answer(message) {
  if (!process.send)
    throw new Error("node bench/lib/mail-sink-process.mjs --serve runs only as startMailSinkProcess's child");
  process.send(message);
}

if (process.argv[2] === "--serve") {
  const sink = await startMailSink();
  answer({ url: sink.url });
  process.on("message", () => answer({ received: sink.received() }));
  process.on("disconnect", () => sink.stop().then(() => process.exit(0)));
}
