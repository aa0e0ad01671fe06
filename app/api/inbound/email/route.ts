import { machineRoute } from "@/lib/http/server/route";
import { json } from "@/lib/http/server/respond";
import { inboundConfig } from "@/lib/mail/inbound/config";
import { receiveWebhookMail, verifyWebhookCall } from "@/lib/services/mail/inbound/webhook";

// POST /api/inbound/email - a mail provider hands over one received message (raw MIME, signed)
export const POST = machineRoute(
  {
    enabled: () => inboundConfig.webhookSecret !== null,
    contentType: /^(message\/rfc822|text\/plain)\s*(;|$)/i,
    maxBodyBytes: () => inboundConfig.maxMessageBytes,
    verify: verifyWebhookCall,
  },
  async ({ raw }) => json(await receiveWebhookMail(raw), { status: 202 }),
);
