/**
 * Settings of the email channel, read when used (tests and the bench set them per run).
 * Pure reads of the environment: safe on both the server and in scripts.
 */
const number = (name: string, fallback: number) => {
  const value = Number(process.env[name]);
  return Number.isFinite(value) && value > 0 ? value : fallback;
};

export const inboundConfig = {
  /** The largest message any entrance accepts (SMTP answers 552 past it, the webhook 413). */
  get maxMessageBytes() {
    return number("INBOUND_MAX_MESSAGE_BYTES", 25 * 1024 * 1024);
  },
  /** Automatic replies ("ticket received") one sender may get from one organisation per day. */
  get autoRepliesPerDay() {
    return number("INBOUND_AUTOREPLY_PER_DAY", 5);
  },
  /** The built-in SMTP receiver's port; unset = no receiver. */
  get smtpPort(): number | null {
    const value = Number(process.env.INBOUND_SMTP_PORT);
    return Number.isInteger(value) && value > 0 ? value : null;
  },
  get smtpHost() {
    return process.env.INBOUND_SMTP_HOST || "0.0.0.0";
  },
  /** Shared secret of the provider webhook; unset = the route does not exist (404). */
  get webhookSecret() {
    return process.env.INBOUND_WEBHOOK_SECRET || null;
  },
};
