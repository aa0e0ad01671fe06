-- CreateEnum
CREATE TYPE "Availability" AS ENUM ('available', 'away');

-- AlterTable
ALTER TABLE "Group" ADD COLUMN     "lastAssignedUserId" TEXT;

-- AlterTable
ALTER TABLE "User" ADD COLUMN     "availability" "Availability" NOT NULL DEFAULT 'available';
