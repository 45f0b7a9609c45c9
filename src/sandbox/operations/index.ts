/** Every /v1 operation, its path and its handler. */
import type { Operation } from "../context"
import { authorize } from "./authorize"
import { cancel } from "./cancel"
import { capture } from "./capture"
import { checkout } from "./checkout"
import { optimize } from "./optimize"
import { payout } from "./payout"
import { refund } from "./refund"
import { retrievalRefund } from "./refund-search"
import { retrievalTrans } from "./query"
import { review } from "./review"
import { cancelSubscription } from "./subscription"

export const OPERATIONS: Record<string, { path: string; handler: Operation }> =
  {
    authorise: { path: "/v1/authorise", handler: authorize },
    checkout: { path: "/v1/checkout", handler: checkout },
    capture: { path: "/v1/capture", handler: capture },
    cancel: { path: "/v1/cancel", handler: cancel },
    review: { path: "/v1/review", handler: review },
    refund: { path: "/v1/refund", handler: refund },
    retrieval_trans: { path: "/v1/retrievalTrans", handler: retrievalTrans },
    retrieval_refund: { path: "/v1/retrievalRefund", handler: retrievalRefund },
    payout: { path: "/v1/payout", handler: payout },
    cancel_subscription: {
      path: "/v1/cancelsubscription",
      handler: cancelSubscription,
    },
    optimise: { path: "/v1/optimise", handler: optimize },
  }
