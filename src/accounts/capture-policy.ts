/**
 * When a payment is captured, per account: "authorisation" (the acquirer
 * account captures when it authorises: order_status 1 means paid),
 * "fulfilment" or "shipment" (the plugin captures the whole authorised
 * amount when the order's first fulfilment is created, or first shipped:
 * the acquirer takes one capture per transaction and releases what a
 * partial one leaves), or "manual" (from the order page). Without
 * `capture_on`, the older `auto_capture` switch keeps its meaning.
 */
import type { CaptureMoment } from "../admin-contract/option-fields"

export function capturePolicy(options: {
  capture_on?: CaptureMoment
  auto_capture: boolean
}): CaptureMoment {
  return (
    options.capture_on ?? (options.auto_capture ? "authorisation" : "manual")
  )
}
