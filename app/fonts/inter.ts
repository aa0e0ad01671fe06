import localFont from "next/font/local";

/**
 * Inter, bundled from the npm package's files (nothing is fetched at build or run time), so
 * the product reads the same on every machine instead of whatever sans-serif the OS has.
 * The variable file covers every weight the interface uses.
 */
export const inter = localFont({
  src: "../../node_modules/@fontsource-variable/inter/files/inter-latin-wght-normal.woff2",
  weight: "100 900",
  style: "normal",
  display: "swap",
  variable: "--font-inter",
  fallback: ["ui-sans-serif", "system-ui", "-apple-system", "Segoe UI", "Roboto", "Arial", "sans-serif"],
});
