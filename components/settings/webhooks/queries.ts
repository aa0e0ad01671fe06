"use client";

import { useInfiniteQuery, useQuery, useQueryClient } from "@tanstack/react-query";
import { adminKeys } from "@/components/admin/queries";
import { useRefreshingMutation } from "@/components/ui/use-refreshing-mutation";
import { apiRequest, throwIfNotOk } from "@/lib/http/client/api";
import type { MutationCallbacks } from "@/lib/http/client/mutation-callbacks";
import type { Jsonify } from "@/lib/schemas/json";
import type {
  WebhookDelivery,
  WebhookDeliveryPage,
  WebhookEndpoint,
  WebhookEndpointList,
  WebhookInput,
  WebhookPatch,
  WebhookSecret,
} from "@/lib/schemas/webhooks";

export type EndpointJson = Jsonify<WebhookEndpoint>;
export type DeliveryJson = Jsonify<WebhookDelivery>;

export const webhookKeys = {
  endpoints: ["/api/webhooks"] as const,
  deliveries: (id: string) => ["/api/webhooks", id, "deliveries"] as const,
};

/** While a delivery waits to be sent (or retried), its log and the endpoint list are read again this often. */
const PENDING_REFRESH_MS = 2000;

/** The organisation's endpoints with their last delivery (admins, on Enterprise). */
export function useWebhookEndpoints() {
  return useQuery<Jsonify<WebhookEndpointList>>({
    queryKey: webhookKeys.endpoints,
    refetchInterval: (query) =>
      query.state.data?.endpoints.some((e) => e.lastDelivery?.status === "queued") ? PENDING_REFRESH_MS : false,
  });
}

async function fetchDeliveries(id: string, cursor: string | null) {
  const res = await fetch(`/api/webhooks/${id}/deliveries${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ""}`, {
    credentials: "include",
  });
  await throwIfNotOk(res);
  return (await res.json()) as Jsonify<WebhookDeliveryPage>;
}

/** An endpoint's delivery log, newest first, 20 a page; read again while a delivery is pending. */
export function useWebhookDeliveries(id: string) {
  return useInfiniteQuery({
    queryKey: webhookKeys.deliveries(id),
    queryFn: ({ pageParam }) => fetchDeliveries(id, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    refetchInterval: (query) =>
      query.state.data?.pages.some((page) => page.deliveries.some((d) => d.status === "queued"))
        ? PENDING_REFRESH_MS
        : false,
  });
}

/** After an endpoint change: the list, every delivery log and the activity log, which records it. */
function useInvalidateWebhooks() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all(
      [webhookKeys.endpoints, adminKeys.activity].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
    );
}

/** Creates an endpoint; the answer carries its signing secret, the only time the browser sees it. */
export function useCreateEndpoint(callbacks: MutationCallbacks<WebhookSecret, WebhookInput> = {}) {
  return useRefreshingMutation(
    async (input: WebhookInput) => (await apiRequest("POST", "/api/webhooks", input)).json() as Promise<WebhookSecret>,
    useInvalidateWebhooks(),
    callbacks,
  );
}

export function useUpdateEndpoint(id: string, callbacks: MutationCallbacks<EndpointJson, WebhookPatch> = {}) {
  return useRefreshingMutation(
    async (patch: WebhookPatch) =>
      (await apiRequest("PATCH", `/api/webhooks/${id}`, patch)).json() as Promise<EndpointJson>,
    useInvalidateWebhooks(),
    callbacks,
  );
}

export function useDeleteEndpoint(id: string, callbacks: MutationCallbacks<void, void> = {}) {
  return useRefreshingMutation(
    async () => {
      await apiRequest("DELETE", `/api/webhooks/${id}`);
    },
    useInvalidateWebhooks(),
    callbacks,
  );
}

/** A new signing secret, answered this once. */
export function useRotateSecret(id: string, callbacks: MutationCallbacks<WebhookSecret, void> = {}) {
  return useRefreshingMutation(
    async () => (await apiRequest("POST", `/api/webhooks/${id}/rotate-secret`)).json() as Promise<WebhookSecret>,
    useInvalidateWebhooks(),
    callbacks,
  );
}

/** Sends a test event, or resends a delivery (`deliveryId`); the log and the list then show it. */
export function useSendDelivery(id: string, callbacks: MutationCallbacks<DeliveryJson, string | null> = {}) {
  const queryClient = useQueryClient();
  return useRefreshingMutation(
    async (deliveryId: string | null) =>
      (
        await apiRequest(
          "POST",
          deliveryId ? `/api/webhooks/${id}/deliveries/${deliveryId}/resend` : `/api/webhooks/${id}/test`,
        )
      ).json() as Promise<DeliveryJson>,
    () =>
      Promise.all(
        [webhookKeys.deliveries(id), webhookKeys.endpoints].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
    callbacks,
  );
}
