import type { Metadata } from "next";
import { RegisterForm } from "@/components/auth/register-form";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { PRODUCT_NAME } from "@/lib/site/product";

export const metadata: Metadata = { title: "Sign up", description: `Create your ${PRODUCT_NAME} help desk.` };

export default function RegisterPage() {
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h1" className="text-2xl">
          Create your account
        </CardTitle>
        <CardDescription>Set up {PRODUCT_NAME} for your support team</CardDescription>
      </CardHeader>
      <CardContent>
        <RegisterForm />
      </CardContent>
    </Card>
  );
}
