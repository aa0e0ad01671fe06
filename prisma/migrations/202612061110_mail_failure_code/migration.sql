-- A bounced address keeps only the report's status code: the remote server's text is anyone's to
-- write (a forged report told agents to send a customer's mail elsewhere). Rows written so far
-- keep the code their text began with (an SMTP reply code, else an enhanced status code).
ALTER TABLE "MailAddressFailure" ADD COLUMN "code" TEXT;
UPDATE "MailAddressFailure" SET "code" = COALESCE(
  substring("reason" from '^\s*([245][0-9][0-9])\M'),
  substring("reason" from '^status ([245]\.[0-9]{1,3}\.[0-9]{1,3})'));
ALTER TABLE "MailAddressFailure" DROP COLUMN "reason";
