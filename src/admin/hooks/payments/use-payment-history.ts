import { useQuery } from "@tanstack/react-query"
import { useEffect, useRef } from "react"
import { sdk } from "../../lib/sdk"
import type { PaymentHistoryAnswer } from "../../lib/payment-history-text"
import { paymentKeys } from "./query-keys"

/**
 * A payment's history, read once the section is opened. Under the payment's
 * own key, so what refreshes the order refreshes it; and asked again each
 * time the payment itself is answered again (its interval, a return to the
 * tab), since whatever changed the payment wrote the history too.
 */
export function usePaymentHistory(
  orderId: string,
  paymentId: string,
  { open, paymentReadAt }: { open: boolean; paymentReadAt: number }
) {
  const query = useQuery({
    queryKey: paymentKeys.history(orderId, paymentId),
    queryFn: () =>
      sdk.client.fetch<PaymentHistoryAnswer>(
        `/admin/acquiring/payments/${paymentId}/history`
      ),
    enabled: open,
  })
  const { refetch } = query
  const seen = useRef(paymentReadAt)
  useEffect(() => {
    if (seen.current === paymentReadAt) return
    seen.current = paymentReadAt
    if (open) void refetch()
  }, [open, paymentReadAt, refetch])
  return query
}
