import type { AddressInfo } from "node:net";
import hoodiecrow from "hoodiecrow-imap";

/**
 * A real IMAP4rev1 server in the test process (hoodiecrow-imap, by the author of imapflow and
 * nodemailer: plain TCP, LOGIN, EXAMINE with UIDVALIDITY, UID SEARCH, UID FETCH). The test puts
 * mail into its INBOX, renumbers it as a server may, and counts how many message bodies were
 * downloaded, so "read once" is checked on the wire.
 */
export async function startImap({ user, password, port = 0 }: { user: string; password: string; port?: number }) {
  const server = hoodiecrow({
    plugins: ["ID", "ENABLE", "UNSELECT", "SPECIAL-USE", "LITERALPLUS", "UIDPLUS"],
    users: { [user]: { password } },
    storage: { INBOX: { messages: [] }, "": { separator: "/", folders: { Archive: { messages: [] } } } },
  });
  let bodiesFetched = 0;
  const fetchUid = server.getCommandHandler("UID FETCH");
  server.setCommandHandler("UID FETCH", (connection, parsed, data, callback) => {
    if (/BODY(\.PEEK)?\[\]/i.test(data)) bodiesFetched += 1;
    fetchUid(connection, parsed, data, callback);
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const inbox = () => server.getMailbox("INBOX");
  return {
    port: (server.server.address() as AddressInfo).port,
    /** Delivers a message into INBOX (as an MTA would), received `at` (default now). */
    add(raw: string, at?: Date) {
      server.appendMessage("INBOX", [], at, raw.replace(/\r?\n/g, "\r\n"));
    },
    uids: () => inbox().messages.map((m) => m.uid),
    uidValidity: () => inbox().uidvalidity,
    /** The server rebuilt the folder: a new UIDVALIDITY and every message numbered afresh from 1. */
    renumber(uidValidity: number) {
      const box = inbox();
      box.uidvalidity = uidValidity;
      box.messages.forEach((message, index) => (message.uid = index + 1));
      box.uidnext = box.messages.length + 1;
    },
    /** UID FETCH commands that downloaded message bodies so far. */
    bodiesFetched: () => bodiesFetched,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type TestImapServer = Awaited<ReturnType<typeof startImap>>;
