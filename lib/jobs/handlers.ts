import "server-only";
import { handle, schedule } from "./registry";
import { deliverMail, MAIL_JOB, type MailJob } from "@/lib/services/mail/outbox";
import { issuePasswordReset, PASSWORD_RESET_JOB } from "@/lib/services/users/accounts";
import { sendSlaWarnings } from "@/lib/services/tickets/sla-warnings";
import { cleanUpExpired } from "@/lib/services/cleanup";
import { purgeDeletedAttachments } from "@/lib/services/tickets/attachments";
import { removeUnclaimedUploads } from "@/lib/services/tickets/uploads";
import { enqueueDueImapPolls, IMAP_POLL_JOB, IMAP_TICK_JOB } from "@/lib/services/mail/imap-mailboxes";
import { deliverToInbox, pollImapMailbox } from "@/lib/services/mail/imap-polling";
import { INBOUND_JOB, type InboundJob } from "@/lib/services/mail/inbound/accept";
import { ingestInboundMessage } from "@/lib/services/mail/inbound/ingest";
import { sweepTimeRules, TIME_RULES_JOB } from "@/lib/services/automations/time-rules";
import { deliverWebhook } from "@/lib/services/webhooks/deliver";
import { WEBHOOK_JOB, type WebhookJob } from "@/lib/services/webhooks/enqueue";
import { sendWeeklySummaries, WEEKLY_SUMMARY_JOB } from "@/lib/services/reports/weekly-summary";

/** Every kind of job the product runs, and its schedules: a worker imports this once. */
handle<MailJob>(MAIL_JOB, deliverMail);
handle<{ email: string }>(PASSWORD_RESET_JOB, ({ email }) => issuePasswordReset(email));
handle<InboundJob>(INBOUND_JOB, ingestInboundMessage);
handle("sla.warnings", async () => void (await sendSlaWarnings()));
handle("cleanup.expired", async () => void (await cleanUpExpired()));
// Uploads no reply sent within a day go first: their bytes leave in the same run.
handle("attachments.purge", async () => {
  await removeUnclaimedUploads();
  await purgeDeletedAttachments();
});
handle(IMAP_TICK_JOB, async () => void (await enqueueDueImapPolls()));
handle(TIME_RULES_JOB, async () => void (await sweepTimeRules()));
handle<WebhookJob>(WEBHOOK_JOB, deliverWebhook);
handle(WEEKLY_SUMMARY_JOB, async () => void (await sendWeeklySummaries()));
handle<{ mailboxId: string }>(
  IMAP_POLL_JOB,
  async ({ mailboxId }) => void (await pollImapMailbox(mailboxId, deliverToInbox)),
);

schedule("* * * * *", "sla.warnings");
schedule("17 * * * *", "cleanup.expired");
schedule("*/10 * * * *", "attachments.purge");
schedule("* * * * *", IMAP_TICK_JOB);
schedule("*/5 * * * *", TIME_RULES_JOB);
// Every hour: each organisation's Monday 07:00 comes at some hour of UTC (see sendWeeklySummaries).
schedule("0 * * * *", WEEKLY_SUMMARY_JOB);
