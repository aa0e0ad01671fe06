import type { Metadata } from "next";
import { RegisterForm } from "@/components/auth/register-form";
import { AuthCard } from "@/components/auth/auth-card";
import { PRODUCT_NAME } from "@/lib/site/product";

export const metadata: Metadata = { title: "Sign up", description: `Create your ${PRODUCT_NAME} help desk.` };

export default function RegisterPage() {
  return (
    <AuthCard title="Create your account" description={`Set up ${PRODUCT_NAME} for your support team`}>
      <RegisterForm />
    </AuthCard>
  );
}
