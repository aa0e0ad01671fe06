/** @jest-environment node */
import { isPrivateAddress } from "@/lib/server/private-address";
import { URL_INVALID, URL_NOT_HTTPS, URL_PRIVATE_HOST, webhookUrlProblem } from "@/lib/webhooks/safe-post";

describe("which webhook URLs Ticketry sends to", () => {
  const allowed = process.env.WEBHOOK_ALLOW_PRIVATE_HOSTS;
  afterEach(() => {
    if (allowed === undefined) delete process.env.WEBHOOK_ALLOW_PRIVATE_HOSTS;
    else process.env.WEBHOOK_ALLOW_PRIVATE_HOSTS = allowed;
  });

  it.each([
    ["https://hooks.example.com/ticketry", null],
    ["https://93.184.215.14/in", null],
    ["http://hooks.example.com/ticketry", URL_NOT_HTTPS],
    ["ftp://hooks.example.com/", URL_INVALID],
    ["not a url", URL_INVALID],
    ["https://user:pw@hooks.example.com/", URL_INVALID],
    ["https://127.0.0.1/", URL_PRIVATE_HOST],
    ["https://169.254.169.254/latest/meta-data/", URL_PRIVATE_HOST],
    ["https://10.1.2.3/", URL_PRIVATE_HOST],
    ["https://[::1]/", URL_PRIVATE_HOST],
    ["https://[fd00::1]/", URL_PRIVATE_HOST],
    ["https://[::ffff:127.0.0.1]/", URL_PRIVATE_HOST],
    ["https://localhost/", URL_PRIVATE_HOST],
    ["https://api.localhost/", URL_PRIVATE_HOST],
    ["https://0.0.0.0/", URL_PRIVATE_HOST],
  ])("%s: %s", (url, problem) => {
    delete process.env.WEBHOOK_ALLOW_PRIVATE_HOSTS;
    expect(webhookUrlProblem(url)).toBe(problem);
  });

  it("allows http and private hosts when WEBHOOK_ALLOW_PRIVATE_HOSTS=true, and still nothing but http(s)", () => {
    process.env.WEBHOOK_ALLOW_PRIVATE_HOSTS = "true";
    expect(webhookUrlProblem("http://127.0.0.1:8080/hook")).toBeNull();
    expect(webhookUrlProblem("https://localhost/hook")).toBeNull();
    expect(webhookUrlProblem("file:///etc/passwd")).toBe(URL_INVALID);
  });

  it.each(["::ffff:7f00:1", "::ffff:a9fe:a9fe", "::ffff:169.254.169.254", "64:ff9b::a00:1"])(
    "refuses the mapped address %s",
    (ip) => expect(isPrivateAddress(ip)).toBe(true),
  );
});
