-- Every reply written so far is plain text: the column default is its backfill, and adding a
-- column with a constant default rewrites no rows (instant on a large Reply table).

-- CreateEnum
CREATE TYPE "ReplyFormat" AS ENUM ('plain', 'markdown');

-- AlterTable
ALTER TABLE "Reply" ADD COLUMN     "contentHtml" TEXT,
ADD COLUMN     "contentHtmlVersion" INTEGER,
ADD COLUMN     "format" "ReplyFormat" NOT NULL DEFAULT 'plain';
