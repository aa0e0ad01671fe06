/** @jest-environment node */
import { isPrivateAddress, resolveMailHost } from "@/lib/mail/inbound/imap-host";

describe("which mail servers Ticketry connects to", () => {
  it.each([
    "127.0.0.1",
    "127.8.9.10",
    "10.0.0.1",
    "172.16.5.4",
    "172.31.255.255",
    "192.168.1.1",
    "169.254.169.254",
    "100.64.0.1",
    "0.0.0.0",
    "224.0.0.1",
    "::1",
    "::",
    "fd00::1",
    "fe80::1",
    "::ffff:127.0.0.1",
    "::ffff:10.0.0.1",
    "not an address",
  ])("refuses %s", (ip) => {
    expect(isPrivateAddress(ip)).toBe(true);
  });

  it.each(["93.184.215.14", "172.32.0.1", "203.0.113.10", "8.8.8.8", "2a00:1450:4001:80b::200e", "::ffff:8.8.8.8"])(
    "allows %s",
    (ip) => {
      expect(isPrivateAddress(ip)).toBe(false);
    },
  );

  it("checks the resolved addresses of a name, unless the deployment allows private hosts", async () => {
    delete process.env.IMAP_ALLOW_PRIVATE_HOSTS;
    await expect(resolveMailHost("localhost")).rejects.toThrow("private or local network");
    await expect(resolveMailHost("127.0.0.1")).rejects.toThrow("private or local network");
    await expect(resolveMailHost("203.0.113.10")).resolves.toBe("203.0.113.10");
    process.env.IMAP_ALLOW_PRIVATE_HOSTS = "true";
    try {
      await expect(resolveMailHost("127.0.0.1")).resolves.toBe("127.0.0.1");
    } finally {
      delete process.env.IMAP_ALLOW_PRIVATE_HOSTS;
    }
  });
});
