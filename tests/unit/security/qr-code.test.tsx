import { render, screen } from "@testing-library/react";
import { encode } from "uqr";
import { QrCode } from "@/components/security/qr-code";

const URL = "otpauth://totp/Ticketry:ana%40example.test?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP&issuer=Ticketry";

/** The dark modules the drawn path holds, as "x,y" in the code's own coordinates (quiet zone taken off). */
function drawnModules(path: string): Set<string> {
  return new Set([...path.matchAll(/M(\d+) (\d+)h1v1h-1z/g)].map((m) => `${Number(m[1]) - 4},${Number(m[2]) - 4}`));
}

describe("QR code of the authenticator enrolment", () => {
  it("is an image named for what it is, dark modules on a white quiet zone of four modules", () => {
    const { container } = render(<QrCode value={URL} label="QR code for your authenticator app" />);
    const svg = screen.getByRole("img", { name: "QR code for your authenticator app" });
    const { data } = encode(URL, { ecc: "M", border: 0 });
    expect(svg.getAttribute("viewBox")).toBe(`0 0 ${data.length + 8} ${data.length + 8}`);
    expect(container.querySelector("rect")?.getAttribute("fill")).toBe("#ffffff");
    const path = container.querySelector("path")!;
    expect(path.getAttribute("fill")).toBe("#000000");
    const drawn = drawnModules(path.getAttribute("d")!);
    const expected = new Set(data.flatMap((row, y) => row.flatMap((dark, x) => (dark ? [`${x},${y}`] : []))));
    expect(drawn).toEqual(expected);
    // The finder pattern's corner is the code's first module: nothing is drawn in the quiet zone.
    expect(drawn.has("0,0")).toBe(true);
    expect([...drawn].every((at) => at.split(",").every((n) => Number(n) >= 0 && Number(n) < data.length))).toBe(true);
  });
});
