// Sends one email to the built-in mail receiver, as a customer's mail client would:
//   npm run mail:send -- --to support@acme.test --from someone@example.test --subject "Help" --body "My kettle leaks"
// --host (default 127.0.0.1) and --port (default INBOUND_SMTP_PORT, else 2525) name the receiver;
// --in-reply-to <message-id> answers an earlier mail (threads onto its ticket).
import "./lib/env-file.mjs";
import { parseArgs } from "node:util";
import nodemailer from "nodemailer";

const { values } = parseArgs({
  options: {
    to: { type: "string", default: "support@acme.test" },
    from: { type: "string", default: "someone@example.test" },
    name: { type: "string" },
    subject: { type: "string", default: "Hello from the command line" },
    body: { type: "string", default: "This message was sent with npm run mail:send." },
    "in-reply-to": { type: "string" },
    host: { type: "string", default: "127.0.0.1" },
    port: { type: "string", default: process.env.INBOUND_SMTP_PORT || "2525" },
  },
});

const transport = nodemailer.createTransport({
  host: values.host,
  port: Number(values.port),
  secure: false,
  ignoreTLS: true,
});
try {
  const info = await transport.sendMail({
    from: values.name ? { name: values.name, address: values.from } : values.from,
    to: values.to,
    subject: values.subject,
    text: values.body,
    ...(values["in-reply-to"] ? { inReplyTo: values["in-reply-to"], references: [values["in-reply-to"]] } : {}),
  });
  console.log(`Sent ${info.messageId} to ${values.to}: ${info.response}`);
} catch (error) {
  // nodemailer's errors carry the server's reply, when there was one, as `response`.
  const { response, message } = /** @type {Error & { response?: string }} */ (error);
  console.error(`Not sent: ${response ?? message}`);
  process.exitCode = 1;
} finally {
  transport.close();
}
