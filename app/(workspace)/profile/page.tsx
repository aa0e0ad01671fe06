import type { Metadata } from "next";
import { WorkspaceFrame } from "@/components/workspace/workspace-frame";
import { ProfileView } from "@/components/profile/profile-view";
import { getCurrentUser } from "@/lib/auth/session";

export const metadata: Metadata = { title: "Profile" };

export default async function ProfilePage() {
  const user = await getCurrentUser();
  return (
    <WorkspaceFrame title="Profile">
      {user ? <ProfileView user={user} /> : <p className="text-muted-foreground">User not found</p>}
    </WorkspaceFrame>
  );
}
