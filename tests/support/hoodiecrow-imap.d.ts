// hoodiecrow-imap ships no types: the part of it the tests use.
declare module "hoodiecrow-imap" {
  import type { Server } from "node:net";

  type Message = { uid?: number; raw: string; flags?: string[]; internaldate?: string | Date };
  type Folder = {
    messages?: Message[];
    uidvalidity?: number;
    uidnext?: number;
    separator?: string;
    folders?: Record<string, Folder>;
  };
  type CommandHandler = (
    connection: unknown,
    parsed: { command: string; attributes?: unknown[] },
    data: string,
    callback: () => void,
  ) => void;

  export type ImapServer = {
    server: Server;
    listen(port: number, host: string, callback: () => void): void;
    close(callback: () => void): void;
    getMailbox(path: string): Required<Pick<Folder, "messages" | "uidvalidity" | "uidnext">> & Folder;
    appendMessage(mailbox: string, flags: string[], internaldate: Date | undefined, raw: string): void;
    getCommandHandler(command: string): CommandHandler;
    setCommandHandler(command: string, handler: CommandHandler): void;
  };

  export default function hoodiecrow(options: {
    plugins?: string[];
    users?: Record<string, { password: string }>;
    storage?: Record<string, Folder>;
    debug?: boolean;
  }): ImapServer;
}
