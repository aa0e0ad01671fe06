"use client";

import { ChevronDown, ChevronsRight } from "lucide-react";
import { Button } from "@/components/ui/button";
import {
  DropdownMenu,
  DropdownMenuCheckboxItem,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { SEND_ACTIONS, type SendAction } from "./reply-send-action";

/** Ctrl+Enter on Windows and Linux, Cmd+Enter on a Mac, as in every mail and help desk composer. */
export const SEND_KEYS = "Control+Enter Meta+Enter";
const SEND_KEYS_TEXT = "Ctrl+Enter";

type Props = {
  /** A note has no send-and-set choices: it only adds to the conversation. */
  internal: boolean;
  action: SendAction;
  canSend: boolean;
  pending: boolean;
  /** The choices' menu (staff only). */
  withChoices: boolean;
  /** Sends with one of the choices, which becomes the button's action. */
  onSendAs: (action: SendAction) => void;
  /** "Then open the next ticket" (offered where there is a queue to go on in). */
  openNext?: { on: boolean; onChange: (on: boolean) => void };
};

/**
 * The Send button says what it and Ctrl/Cmd+Enter will do: the send action chosen last from
 * its menu ("Send and set Resolved", say), and whether the next ticket opens after it.
 */
export function ReplySendButton({ internal, action, canSend, pending, withChoices, onSendAs, openNext }: Props) {
  const choices = withChoices && !internal;
  const thenNext = !internal && action.status !== null && openNext?.on;
  const label = internal ? "Add Note" : action.label;
  const text = pending ? "Sending..." : label;
  return (
    <div className="flex items-center">
      <Button
        type="submit"
        disabled={!canSend}
        aria-keyshortcuts={SEND_KEYS}
        title={`${label} (${SEND_KEYS_TEXT})`}
        aria-label={thenNext ? `${text}, then open the next ticket` : undefined}
        className={choices ? "rounded-r-none" : undefined}
      >
        {text}
        {thenNext && <ChevronsRight aria-hidden />}
      </Button>
      {choices && (
        <DropdownMenu>
          <DropdownMenuTrigger asChild>
            <Button
              type="button"
              size="icon"
              aria-label="More send options"
              className="rounded-l-none border-l border-primary-foreground/30"
            >
              <ChevronDown aria-hidden />
            </Button>
          </DropdownMenuTrigger>
          <DropdownMenuContent align="end">
            {SEND_ACTIONS.map((a) => (
              <DropdownMenuItem
                key={a.label}
                disabled={!canSend}
                onSelect={() => onSendAs(a)}
                aria-keyshortcuts={a === action ? SEND_KEYS : undefined}
              >
                {a.label}
                {a === action && (
                  <kbd aria-hidden className="ml-auto pl-4 font-mono text-xs text-muted-foreground">
                    {SEND_KEYS_TEXT}
                  </kbd>
                )}
              </DropdownMenuItem>
            ))}
            {openNext && (
              <>
                <DropdownMenuSeparator />
                <DropdownMenuCheckboxItem
                  checked={openNext.on}
                  onCheckedChange={(on) => openNext.onChange(on === true)}
                >
                  Then open the next ticket
                </DropdownMenuCheckboxItem>
              </>
            )}
          </DropdownMenuContent>
        </DropdownMenu>
      )}
    </div>
  );
}
