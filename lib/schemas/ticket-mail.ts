/** The mail a ticket received, as staff see it (the original message itself is a download). */
export type TicketMailMessage = {
  id: string;
  receivedAt: string | Date;
  source: string;
  from: string | null;
  subject: string | null;
  /** received | processed | ignored | failed */
  status: string;
  /** Why it was not treated as a person's mail (auto_reply, bounce, list, ...), or null. */
  classification: string | null;
  /** SPF, DKIM and DMARC verdicts as recorded when the mail was read. */
  auth: { spf: string; dkim: string; dmarc: string } | null;
  size: number;
};

export type TicketMail = {
  messages: TicketMailMessage[];
  /**
   * Set when mail we sent the ticket's customer bounced (a report that answers that mail), with
   * the report's status code: the team should check the address. An agent may clear it.
   */
  customerAddressFailing: { code: string | null; failedAt: string | Date } | null;
};
