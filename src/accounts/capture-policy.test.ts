import { parseAcquiringOptions } from "./options"
import { capturePolicy } from "./capture-policy"

const BASE = {
  merchant_id: "M100",
  account_id: "A200",
  sign_key: "k",
  base_url: "https://gw.example",
  website: "https://shop.example",
  backend_url: "https://api.shop.example",
  storefront_return_url: "https://shop.example/checkout/return",
}

describe("when a payment is captured", () => {
  it("keeps auto_capture's meaning when capture_on is not set", () => {
    expect(capturePolicy(parseAcquiringOptions(BASE))).toBe("manual")
    expect(
      capturePolicy(parseAcquiringOptions({ ...BASE, auto_capture: true }))
    ).toBe("authorisation")
  })

  it("takes capture_on over auto_capture", () => {
    expect(
      capturePolicy(
        parseAcquiringOptions({
          ...BASE,
          auto_capture: true,
          capture_on: "shipment",
        })
      )
    ).toBe("shipment")
  })

  it("refuses a moment it does not know, naming the choices", () => {
    expect(() =>
      parseAcquiringOptions({ ...BASE, capture_on: "delivery" })
    ).toThrow(/capture_on.*"authorisation", "fulfilment", "shipment", "manual"/)
  })
})
