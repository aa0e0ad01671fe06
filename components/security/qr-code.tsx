import { encode } from "uqr";

/** The quiet zone the QR standard asks for around the code, in modules. */
const QUIET_ZONE = 4;

/**
 * A QR code drawn as one SVG path of its dark modules. The quiet zone and the light modules are
 * always white and the dark ones always black, whatever the theme: phone cameras read dark on
 * light, and an inverted code is not read by every app.
 */
export function QrCode({ value, label, size = 176 }: { value: string; label: string; size?: number }) {
  const { data } = encode(value, { ecc: "M", border: 0 });
  const width = data.length + 2 * QUIET_ZONE;
  const path = data
    .flatMap((row, y) => row.map((dark, x) => (dark ? `M${x + QUIET_ZONE} ${y + QUIET_ZONE}h1v1h-1z` : "")))
    .join("");
  return (
    <svg
      role="img"
      aria-label={label}
      viewBox={`0 0 ${width} ${width}`}
      width={size}
      height={size}
      shapeRendering="crispEdges"
      className="shrink-0 rounded-md border"
    >
      <rect width={width} height={width} fill="#ffffff" />
      <path d={path} fill="#000000" />
    </svg>
  );
}
