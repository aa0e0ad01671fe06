"use client";

import { useStored } from "@/components/ui/use-stored";

/** What a public reply can do as it is sent: only send, or also move the ticket on. */
export const SEND_ACTIONS = [
  { status: null, label: "Send Reply" },
  { status: "pending", label: "Send and set Pending" },
  { status: "resolved", label: "Send and set Resolved" },
] as const;

export type SendAction = (typeof SEND_ACTIONS)[number];

/**
 * The send action the Send button and Ctrl/Cmd+Enter perform: the one the agent chose last,
 * remembered per agent in this browser (a way of working, like "then open the next ticket").
 * It is always written on the button, so the shortcut never does something unseen.
 */
export function useSendAction(userId: string | undefined) {
  const [stored, store] = useStored("local", userId ? `ticketry:send-action:${userId}` : null);
  const action = SEND_ACTIONS.find((a) => a.status === stored) ?? SEND_ACTIONS[0];
  return [action, (chosen: SendAction) => store(chosen.status)] as const;
}
