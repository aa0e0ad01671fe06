import { ApiReference } from "@/components/api-reference/api-reference";
import { openApiDocument } from "@/lib/services/api/openapi";
import { apiReference } from "@/lib/services/api/reference";
import { PRODUCT_NAME } from "@/lib/site/product";
import { pageMetadata } from "@/lib/site/seo";

export const metadata = pageMetadata({
  title: "API reference",
  description: `Every call of the ${PRODUCT_NAME} API with its parameters, a curl example and an example answer.`,
  path: "/docs/api",
});

// The document depends on the code alone, so it is read once per server process. The page itself
// is rendered per request like every page: the root layout gives its scripts the request's CSP nonce.
let reference: ReturnType<typeof apiReference> | undefined;

export default function ApiReferencePage() {
  return <ApiReference reference={(reference ??= apiReference(openApiDocument()))} />;
}
