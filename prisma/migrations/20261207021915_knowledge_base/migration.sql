-- The knowledge base: categories, articles with every saved version, the help center daily
-- figures (views, helpful votes, searches) and suggested articles customers opened, the images
-- of article bodies, and the articles agents sent in replies.

-- CreateEnum
CREATE TYPE "KbArticleStatus" AS ENUM ('draft', 'published', 'internal');

-- AlterTable
ALTER TABLE "Organization" ADD COLUMN     "helpCenterEnabled" BOOLEAN NOT NULL DEFAULT true,
ADD COLUMN     "receiptSuggestsArticles" BOOLEAN NOT NULL DEFAULT false;

-- CreateTable
CREATE TABLE "KbCategory" (
    "id" TEXT NOT NULL,
    "organizationId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "slug" TEXT NOT NULL,
    "description" TEXT NOT NULL DEFAULT '',
    "position" INTEGER NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "KbCategory_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "KbArticle" (
    "id" TEXT NOT NULL,
    "organizationId" TEXT NOT NULL,
    "categoryId" TEXT,
    "title" TEXT NOT NULL,
    "slug" TEXT NOT NULL,
    "summary" TEXT NOT NULL DEFAULT '',
    "body" TEXT NOT NULL,
    "bodyHtml" TEXT NOT NULL,
    "bodyHtmlVersion" INTEGER NOT NULL,
    "status" "KbArticleStatus" NOT NULL DEFAULT 'draft',
    "authorId" TEXT,
    "editorId" TEXT,
    "publishedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "KbArticle_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "KbArticleRevision" (
    "id" TEXT NOT NULL,
    "organizationId" TEXT NOT NULL,
    "articleId" TEXT NOT NULL,
    "title" TEXT NOT NULL,
    "summary" TEXT NOT NULL,
    "body" TEXT NOT NULL,
    "status" "KbArticleStatus" NOT NULL,
    "categoryId" TEXT,
    "editorId" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "KbArticleRevision_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "KbArticleDailyStat" (
    "articleId" TEXT NOT NULL,
    "organizationId" TEXT NOT NULL,
    "day" DATE NOT NULL,
    "views" INTEGER NOT NULL DEFAULT 0,
    "helpfulYes" INTEGER NOT NULL DEFAULT 0,
    "helpfulNo" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "KbArticleDailyStat_pkey" PRIMARY KEY ("articleId","day")
);

-- CreateTable
CREATE TABLE "KbArticleVote" (
    "articleId" TEXT NOT NULL,
    "day" DATE NOT NULL,
    "visitor" TEXT NOT NULL,
    "helpful" BOOLEAN NOT NULL,

    CONSTRAINT "KbArticleVote_pkey" PRIMARY KEY ("articleId","day","visitor")
);

-- CreateTable
CREATE TABLE "KbSearchTerm" (
    "organizationId" TEXT NOT NULL,
    "day" DATE NOT NULL,
    "term" TEXT NOT NULL,
    "searches" INTEGER NOT NULL DEFAULT 1,
    "results" INTEGER NOT NULL,

    CONSTRAINT "KbSearchTerm_pkey" PRIMARY KEY ("organizationId","day","term")
);

-- CreateTable
CREATE TABLE "KbSuggestionOpen" (
    "id" TEXT NOT NULL,
    "organizationId" TEXT NOT NULL,
    "articleId" TEXT NOT NULL,
    "ticketId" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "KbSuggestionOpen_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "KbImage" (
    "id" TEXT NOT NULL,
    "organizationId" TEXT NOT NULL,
    "articleId" TEXT,
    "filename" TEXT NOT NULL,
    "contentType" TEXT NOT NULL,
    "size" INTEGER NOT NULL,
    "sha256" TEXT NOT NULL,
    "storageKey" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "KbImage_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "KbArticleSent" (
    "replyId" TEXT NOT NULL,
    "articleId" TEXT NOT NULL,
    "organizationId" TEXT NOT NULL,
    "ticketId" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "KbArticleSent_pkey" PRIMARY KEY ("replyId","articleId")
);

-- CreateIndex
CREATE INDEX "KbCategory_organizationId_position_idx" ON "KbCategory"("organizationId", "position");

-- CreateIndex
CREATE UNIQUE INDEX "KbCategory_organizationId_slug_key" ON "KbCategory"("organizationId", "slug");

-- CreateIndex
CREATE INDEX "KbArticle_organizationId_categoryId_status_title_idx" ON "KbArticle"("organizationId", "categoryId", "status", "title");

-- CreateIndex
CREATE INDEX "KbArticle_organizationId_updatedAt_idx" ON "KbArticle"("organizationId", "updatedAt");

-- CreateIndex
CREATE INDEX "KbArticle_categoryId_idx" ON "KbArticle"("categoryId");

-- CreateIndex
CREATE INDEX "KbArticle_authorId_idx" ON "KbArticle"("authorId");

-- CreateIndex
CREATE INDEX "KbArticle_editorId_idx" ON "KbArticle"("editorId");

-- CreateIndex
CREATE UNIQUE INDEX "KbArticle_organizationId_slug_key" ON "KbArticle"("organizationId", "slug");

-- CreateIndex
CREATE INDEX "KbArticleRevision_articleId_createdAt_idx" ON "KbArticleRevision"("articleId", "createdAt");

-- CreateIndex
CREATE INDEX "KbArticleRevision_editorId_idx" ON "KbArticleRevision"("editorId");

-- CreateIndex
CREATE INDEX "KbArticleDailyStat_organizationId_day_idx" ON "KbArticleDailyStat"("organizationId", "day");

-- CreateIndex
CREATE INDEX "KbArticleVote_day_idx" ON "KbArticleVote"("day");

-- CreateIndex
CREATE INDEX "KbSearchTerm_day_idx" ON "KbSearchTerm"("day");

-- CreateIndex
CREATE INDEX "KbSuggestionOpen_organizationId_createdAt_idx" ON "KbSuggestionOpen"("organizationId", "createdAt");

-- CreateIndex
CREATE INDEX "KbSuggestionOpen_articleId_idx" ON "KbSuggestionOpen"("articleId");

-- CreateIndex
CREATE UNIQUE INDEX "KbImage_storageKey_key" ON "KbImage"("storageKey");

-- CreateIndex
CREATE INDEX "KbImage_organizationId_createdAt_idx" ON "KbImage"("organizationId", "createdAt");

-- CreateIndex
CREATE INDEX "KbImage_articleId_idx" ON "KbImage"("articleId");

-- CreateIndex
CREATE INDEX "KbArticleSent_articleId_createdAt_idx" ON "KbArticleSent"("articleId", "createdAt");

-- CreateIndex
CREATE INDEX "KbArticleSent_organizationId_ticketId_idx" ON "KbArticleSent"("organizationId", "ticketId");

-- AddForeignKey
ALTER TABLE "KbCategory" ADD CONSTRAINT "KbCategory_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "KbArticle" ADD CONSTRAINT "KbArticle_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "KbArticle" ADD CONSTRAINT "KbArticle_categoryId_fkey" FOREIGN KEY ("categoryId") REFERENCES "KbCategory"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "KbArticle" ADD CONSTRAINT "KbArticle_authorId_fkey" FOREIGN KEY ("authorId") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "KbArticle" ADD CONSTRAINT "KbArticle_editorId_fkey" FOREIGN KEY ("editorId") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "KbArticleRevision" ADD CONSTRAINT "KbArticleRevision_articleId_fkey" FOREIGN KEY ("articleId") REFERENCES "KbArticle"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "KbArticleRevision" ADD CONSTRAINT "KbArticleRevision_editorId_fkey" FOREIGN KEY ("editorId") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "KbArticleDailyStat" ADD CONSTRAINT "KbArticleDailyStat_articleId_fkey" FOREIGN KEY ("articleId") REFERENCES "KbArticle"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "KbArticleVote" ADD CONSTRAINT "KbArticleVote_articleId_fkey" FOREIGN KEY ("articleId") REFERENCES "KbArticle"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "KbSearchTerm" ADD CONSTRAINT "KbSearchTerm_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "KbSuggestionOpen" ADD CONSTRAINT "KbSuggestionOpen_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "KbSuggestionOpen" ADD CONSTRAINT "KbSuggestionOpen_articleId_fkey" FOREIGN KEY ("articleId") REFERENCES "KbArticle"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "KbImage" ADD CONSTRAINT "KbImage_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "KbImage" ADD CONSTRAINT "KbImage_articleId_fkey" FOREIGN KEY ("articleId") REFERENCES "KbArticle"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "KbArticleSent" ADD CONSTRAINT "KbArticleSent_replyId_fkey" FOREIGN KEY ("replyId") REFERENCES "Reply"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "KbArticleSent" ADD CONSTRAINT "KbArticleSent_articleId_fkey" FOREIGN KEY ("articleId") REFERENCES "KbArticle"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Help center search, written as expressions because schema.prisma cannot hold them (the schema
-- engine leaves expression indexes alone). The organisation leads both indexes (btree_gin), so a
-- search reads only the matches of its own help center. Full text weighs the title over the summary
-- over the body. The trigram index on the lowercased title finds a misspelt word. A query must
-- use these very expressions (lib/services/kb/search-sql.ts) for the planner to use the indexes.
CREATE EXTENSION IF NOT EXISTS btree_gin;
CREATE EXTENSION IF NOT EXISTS pg_trgm;
CREATE INDEX "KbArticle_search_idx" ON "KbArticle" USING GIN (
  "organizationId",
  (setweight(to_tsvector('english'::regconfig, "title"), 'A') ||
   setweight(to_tsvector('english'::regconfig, "summary"), 'B') ||
   setweight(to_tsvector('english'::regconfig, "body"), 'C'))
);
CREATE INDEX "KbArticle_title_trgm_idx" ON "KbArticle" USING GIN ("organizationId", (lower("title")) gin_trgm_ops);
