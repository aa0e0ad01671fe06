-- AlterTable
ALTER TABLE "SupportEmail" ADD COLUMN     "verifiedAt" TIMESTAMP(3);
