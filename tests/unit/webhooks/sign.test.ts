/** @jest-environment node */
import { standardWebhookValid } from "../../support/standard-webhooks";
import { newMessageId, newWebhookSecret, signature, webhookHeaders } from "@/lib/webhooks/sign";

/** A receiver's check as the specification words it, with the signing moment as "now". */
const receiverAccepts = (secret: string, headers: Record<string, string>, body: string) =>
  standardWebhookValid(secret, headers, body, Number(headers["webhook-timestamp"]) * 1000);

describe("Standard Webhooks signing", () => {
  it("makes whsec_ secrets of 32 random bytes, and msg_ ids", () => {
    const secret = newWebhookSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(secret.slice(6), "base64")).toHaveLength(32);
    expect(newWebhookSecret()).not.toBe(secret);
    expect(newMessageId()).toMatch(/^msg_[0-9a-f]{32}$/);
  });

  it("matches the specification's example signature", () => {
    // The example in the Standard Webhooks specification (webhook-signature section).
    const secret = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";
    const body = '{"test": 2432232314}';
    expect(signature(secret, "msg_p5jXN8AQM9LWM0D4loKWxJek", 1614265330, body)).toBe(
      "v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=",
    );
  });

  it("signs id.timestamp.body as an independent receiver checks it", () => {
    const secret = newWebhookSecret();
    const body = JSON.stringify({ type: "ticket.created", timestamp: "2026-12-06T21:00:00.000Z", data: { id: "t" } });
    const headers = webhookHeaders([secret], "msg_1", 1_796_000_000, body);
    expect(headers["webhook-id"]).toBe("msg_1");
    expect(headers["webhook-timestamp"]).toBe("1796000000");
    expect(receiverAccepts(secret, headers, body)).toBe(true);
    expect(receiverAccepts(secret, headers, body.replace('t"}', 'u"}'))).toBe(false);
    expect(receiverAccepts(newWebhookSecret(), headers, body)).toBe(false);
    expect(receiverAccepts(secret, { ...headers, "webhook-timestamp": "1796000001" }, body)).toBe(false);
  });

  it("signs with both secrets during a rotation's overlap, so either receiver accepts", () => {
    const [current, previous] = [newWebhookSecret(), newWebhookSecret()];
    const headers = webhookHeaders([current, previous], "msg_2", 1_796_000_000, "{}");
    expect(headers["webhook-signature"]!.split(" ")).toHaveLength(2);
    expect(receiverAccepts(current, headers, "{}")).toBe(true);
    expect(receiverAccepts(previous, headers, "{}")).toBe(true);
  });
});
