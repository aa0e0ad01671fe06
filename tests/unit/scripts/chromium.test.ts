import { BASE_FLAGS, describeChromium, findOnPath, resolveChromium } from "@/scripts/lib/chromium.mjs";

// Which browser the end-to-end tests drive: the configured one, else the system's, else one
// Playwright downloaded, else the npm package's, so a machine with only Node can run them.

const npmBrowser = {
  executablePath: "/tmp/chromium",
  args: [
    "--single-process",
    "--no-sandbox",
    "--disable-features=IsolateOrigins",
    "--enable-features=SharedArrayBuffer",
    "--disable-web-security",
    "--allow-running-insecure-content",
    "--no-zygote",
    "--headless='shell'",
  ],
};

function lookups({
  files = [] as string[],
  system = undefined as string | undefined,
  download = "/nowhere/chrome",
  env = {} as Record<string, string>,
} = {}) {
  const fromNpm = jest.fn(async () => npmBrowser);
  const downloaded = jest.fn(async () => download);
  return {
    fromNpm,
    downloaded,
    options: { env, exists: (p: string) => files.includes(p), systemPath: () => system, downloaded, fromNpm },
  };
}

test("PLAYWRIGHT_CHROMIUM_PATH comes first, even with a system Chromium present", async () => {
  const { options, fromNpm } = lookups({
    files: ["/opt/my-chromium"],
    system: "/usr/bin/chromium",
    env: { PLAYWRIGHT_CHROMIUM_PATH: "/opt/my-chromium" },
  });
  expect(await resolveChromium(options)).toEqual({
    executablePath: "/opt/my-chromium",
    args: BASE_FLAGS,
    source: "PLAYWRIGHT_CHROMIUM_PATH",
  });
  expect(fromNpm).not.toHaveBeenCalled();
});

test("a PLAYWRIGHT_CHROMIUM_PATH that does not exist is an error naming it, not a silent fallback", async () => {
  const { options } = lookups({ system: "/usr/bin/chromium", env: { PLAYWRIGHT_CHROMIUM_PATH: "/opt/missing" } });
  await expect(resolveChromium(options)).rejects.toThrow(
    "PLAYWRIGHT_CHROMIUM_PATH is /opt/missing, which does not exist.",
  );
});

test("a system Chromium is preferred to the npm package's", async () => {
  const { options, fromNpm } = lookups({ system: "/usr/bin/chromium" });
  expect(await resolveChromium(options)).toEqual({
    executablePath: "/usr/bin/chromium",
    args: BASE_FLAGS,
    source: "installed on this system",
  });
  expect(fromNpm).not.toHaveBeenCalled();
});

test("a browser Playwright downloaded earlier comes before the npm package's", async () => {
  const { options, fromNpm } = lookups({
    files: ["/root/.cache/ms-playwright/chrome"],
    download: "/root/.cache/ms-playwright/chrome",
  });
  expect(await resolveChromium(options)).toMatchObject({
    executablePath: "/root/.cache/ms-playwright/chrome",
    source: "downloaded by Playwright",
  });
  expect(fromNpm).not.toHaveBeenCalled();
});

test("with nothing else, the npm package's Chromium runs with its flags, minus single-process, web-security and feature-list ones", async () => {
  const { options, fromNpm } = lookups();
  const chromium = await resolveChromium(options);
  expect(fromNpm).toHaveBeenCalledTimes(1);
  expect(chromium.executablePath).toBe("/tmp/chromium");
  expect(chromium.source).toBe("npm package @sparticuz/chromium");
  expect(chromium.args).toEqual([...BASE_FLAGS, "--no-zygote", "--headless='shell'"]);
  expect(describeChromium(chromium)).toBe("Chromium: /tmp/chromium (npm package @sparticuz/chromium)");
});

test("when even the npm package fails, the error says what to do", async () => {
  const { options, fromNpm } = lookups();
  fromNpm.mockRejectedValueOnce(new Error("ENOSPC"));
  await expect(resolveChromium(options)).rejects.toThrow(
    /^No Chromium found: .*\(ENOSPC\)\. Run `npm install`, or set PLAYWRIGHT_CHROMIUM_PATH to a Chromium binary\.$/,
  );
});

test("system Chromiums are looked up in the PATH's folders, by name in order of preference", () => {
  const files = ["/usr/local/bin/google-chrome", "/usr/bin/chromium"];
  const exists = (p: string) => files.includes(p);
  expect(findOnPath(["chromium", "google-chrome"], { pathVariable: "/usr/local/bin:/usr/bin", exists })).toBe(
    "/usr/bin/chromium",
  );
  expect(findOnPath(["chromium-browser"], { pathVariable: "/usr/local/bin:/usr/bin", exists })).toBeUndefined();
});
