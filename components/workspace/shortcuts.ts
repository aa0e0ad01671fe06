/**
 * The workspace's keyboard shortcuts, as the help dialog lists them. Single keys, as in the
 * help desks agents come from (Zendesk, Help Scout, Linear); `e` resolves and `Shift+E`
 * opens the status choice; `z` takes back a change while its Undo notice shows. Only staff
 * see the ones that change a ticket.
 */
/** `keys` are alternatives: any one of them does it. */
export type Shortcut = { keys: string[]; description: string; staffOnly?: boolean };

export const SHORTCUT_GROUPS: { title: string; shortcuts: Shortcut[] }[] = [
  {
    title: "Queue",
    shortcuts: [
      { keys: ["j", "↓"], description: "Next ticket in the list" },
      { keys: ["k", "↑"], description: "Previous ticket in the list" },
      { keys: ["Enter"], description: "Open the ticket" },
      { keys: ["/"], description: "Search tickets" },
      { keys: ["c"], description: "New ticket" },
    ],
  },
  {
    title: "Open ticket",
    shortcuts: [
      { keys: ["r"], description: "Reply" },
      { keys: ["n"], description: "Internal note", staffOnly: true },
      { keys: ["a"], description: "Assign to me", staffOnly: true },
      { keys: ["e"], description: "Resolve", staffOnly: true },
      { keys: ["Shift+E"], description: "Choose a status", staffOnly: true },
      { keys: ["z"], description: "Undo the change just made", staffOnly: true },
    ],
  },
  {
    // Inside the reply box (see lib/format/markdown-edit.ts for why the link is not Ctrl+K).
    title: "Reply box",
    shortcuts: [
      { keys: ["Ctrl+B", "⌘B"], description: "Bold", staffOnly: true },
      { keys: ["Ctrl+I", "⌘I"], description: "Italic", staffOnly: true },
      { keys: ["Ctrl+Shift+L", "⌘⇧L"], description: "Link", staffOnly: true },
      { keys: ["Ctrl+Enter", "⌘Enter"], description: "Send as the Send button says" },
      { keys: ["Esc"], description: "Leave the reply box (the draft stays)" },
    ],
  },
  {
    title: "Anywhere",
    shortcuts: [
      { keys: ["Ctrl+K", "⌘K"], description: "Command palette" },
      { keys: ["?"], description: "Keyboard shortcuts" },
    ],
  },
];

/** Whether the keystroke is someone typing (or working a menu, a dialog) rather than a shortcut. */
export function ignoresShortcuts(event: KeyboardEvent): boolean {
  const target = event.target as HTMLElement | null;
  if (target?.closest?.("input, textarea, select, [contenteditable=''], [contenteditable='true']")) return true;
  return !!document.querySelector(
    "[role='dialog'], [role='alertdialog'], [role='listbox'], [role='menu'], [data-slot='sheet-content']",
  );
}
