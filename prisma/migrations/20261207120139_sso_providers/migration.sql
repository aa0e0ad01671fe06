-- Single sign-on with OpenID Connect (issue 64): one provider per organisation and the email
-- domains it covers, each domain belonging to one organisation platform-wide.

-- CreateTable
CREATE TABLE "SsoProvider" (
    "organizationId" TEXT NOT NULL,
    "issuer" TEXT NOT NULL,
    "clientId" TEXT NOT NULL,
    "clientSecret" TEXT NOT NULL,
    "newAccounts" TEXT NOT NULL DEFAULT 'refuse',
    "providerOnly" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "SsoProvider_pkey" PRIMARY KEY ("organizationId")
);

-- CreateTable
CREATE TABLE "SsoDomain" (
    "domain" TEXT NOT NULL,
    "organizationId" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "SsoDomain_pkey" PRIMARY KEY ("domain")
);

-- CreateIndex
CREATE INDEX "SsoDomain_organizationId_idx" ON "SsoDomain"("organizationId");

-- AddForeignKey
ALTER TABLE "SsoProvider" ADD CONSTRAINT "SsoProvider_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SsoDomain" ADD CONSTRAINT "SsoDomain_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "SsoProvider"("organizationId") ON DELETE CASCADE ON UPDATE CASCADE;
