import type { Metadata } from "next";
import Link from "next/link";
import { Suspense } from "react";
import { DemoCredentials } from "@/components/auth/demo-credentials";
import { LoginForm } from "@/components/auth/login-form";
import { SsoSignIn } from "@/components/auth/sso-sign-in";
import { AuthCard } from "@/components/auth/auth-card";
import { PRODUCT_NAME } from "@/lib/site/product";
import { showDemoLogins } from "@/lib/services/users/demo-logins";

export const metadata: Metadata = { title: "Login", description: `Sign in to ${PRODUCT_NAME}.` };

export default async function LoginPage() {
  const demo = await showDemoLogins();
  return (
    <AuthCard
      title="Welcome back"
      description={`Sign in to your ${PRODUCT_NAME} account`}
      contentClassName="grid gap-4"
    >
      <Suspense>
        <LoginForm />
        <SsoSignIn />
      </Suspense>
      {/* After every way in (password, passkey, single sign-on), so those read as one group. */}
      <p className="text-center text-sm text-muted-foreground">
        Don&apos;t have an account?{" "}
        <Link href="/register" className="text-primary underline underline-offset-4">
          Sign up
        </Link>
      </p>
      {demo && <DemoCredentials />}
      <Link href="/" className="text-center text-sm text-muted-foreground hover:underline">
        Back to home
      </Link>
    </AuthCard>
  );
}
