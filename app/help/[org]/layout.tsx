import type { ReactNode } from "react";
import { HelpShell } from "@/components/help-center/help-shell";
import { helpCenterOf } from "./help-center";

/** Every page of one organisation's public help center (all 404 while it is turned off). */
export default async function HelpCenterLayout({
  children,
  params,
}: {
  children: ReactNode;
  params: Promise<{ org: string }>;
}) {
  const center = await helpCenterOf((await params).org);
  return (
    <HelpShell org={center.slug} name={center.name}>
      {children}
    </HelpShell>
  );
}
