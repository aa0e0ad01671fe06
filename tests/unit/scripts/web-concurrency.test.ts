import { webConcurrency } from "@/scripts/lib/web-concurrency.mjs";

describe("server processes (WEB_CONCURRENCY)", () => {
  it("runs one per core by default", () => {
    expect(webConcurrency({}, 4)).toBe(4);
    expect(webConcurrency({ WEB_CONCURRENCY: " " }, 2)).toBe(2);
  });

  it("takes the number it is given, 1 for a single process", () => {
    expect(webConcurrency({ WEB_CONCURRENCY: "1" }, 8)).toBe(1);
    expect(webConcurrency({ WEB_CONCURRENCY: "3" }, 2)).toBe(3);
  });

  it("refuses anything but a whole number of at least one, saying what to do", () => {
    for (const bad of ["0", "-2", "1.5", "many"])
      expect(() => webConcurrency({ WEB_CONCURRENCY: bad }, 2)).toThrow(/WEB_CONCURRENCY must be a whole number/);
    expect(() => webConcurrency({ WEB_CONCURRENCY: "0" }, 2)).toThrow("Unset it for one per core (2 here).");
  });
});
