/**
 * @jest-environment node
 */
import { execFile } from "node:child_process";
import { promisify } from "node:util";

// The bench's SMTP server runs in a process of its own: it must take mail over SMTP, say how many
// messages it took when asked, and end with its process when stopped. Run in a Node of its own,
// as the bench runs it (the module forks itself by its own file's address).
const script = `
  import nodemailer from "nodemailer";
  import { startMailSinkProcess } from "./bench/lib/mail-sink-process.mjs";
  const sink = await startMailSinkProcess();
  const before = await sink.received();
  const transport = nodemailer.createTransport(sink.url);
  for (const n of [1, 2]) await transport.sendMail({ from: "a@example.com", to: "b@example.com", subject: "s" + n, text: "t" });
  transport.close();
  const after = await sink.received();
  await sink.stop();
  console.log(JSON.stringify({ url: sink.url, before, after }));
`;

it("takes mail over SMTP in a process of its own, counts it, and stops with it", async () => {
  const { stdout } = await promisify(execFile)(process.execPath, ["--input-type=module", "-e", script], {
    cwd: process.cwd(),
    timeout: 30_000,
  });
  const { url, before, after } = JSON.parse(stdout.trim().split("\n").at(-1)!);
  expect(url).toMatch(/^smtp:\/\/127\.0\.0\.1:\d+\//);
  expect(before).toBe(0);
  expect(after).toBe(2);
});
