import type { Metadata, Viewport } from "next";
import { headers } from "next/headers";
import type { ReactNode } from "react";
import { ThemeScript } from "@/components/theme/theme-script";
import { ToastRegion } from "@/components/ui/toast-region";
import { PRODUCT_NAME } from "@/lib/site/product";
import { inter } from "./fonts/inter";
import "./globals.css";

export const metadata: Metadata = {
  metadataBase: new URL(process.env.APP_URL ?? "http://localhost:3000"),
  title: { default: `${PRODUCT_NAME} - Help desk for support teams`, template: `%s | ${PRODUCT_NAME}` },
  description: `${PRODUCT_NAME} is a multi-tenant help desk: ticket queues, SLA tracking, team collaboration and a customer portal.`,
  applicationName: PRODUCT_NAME,
};

export const viewport: Viewport = {
  themeColor: [
    { media: "(prefers-color-scheme: light)", color: "#ffffff" },
    { media: "(prefers-color-scheme: dark)", color: "#17171c" },
  ],
};

export default async function RootLayout({ children }: { children: ReactNode }) {
  const nonce = (await headers()).get("x-nonce") ?? undefined;
  return (
    // The theme script sets the `dark` class before paint, so React sees a different class.
    <html lang="en" className={inter.variable} suppressHydrationWarning>
      <head>
        <ThemeScript nonce={nonce} />
      </head>
      <body>
        {children}
        <ToastRegion />
      </body>
    </html>
  );
}
