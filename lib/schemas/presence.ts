import { z } from "./zod";

export { PRESENCE_HEARTBEAT_MS } from "@/lib/live/presence-heartbeat";

/** An open tab's presence on a ticket: viewing, and whether its agent is typing a reply. */
export const presenceSchema = z.object({
  typing: z.boolean({ error: "typing must be true or false" }).default(false),
});

export type PresenceInput = z.infer<typeof presenceSchema>;

/**
 * Someone of the team with the ticket open. `expiresInMs`: how much longer they count without
 * saying so again (relative, so the browser's clock never has to agree with the server's).
 */
export type TicketViewer = { userId: string; fullName: string; typing: boolean; expiresInMs: number };
