import {
  type AcquiringSuite,
  CARD_PROVIDER,
  HOSTED_PROVIDER,
} from "../helpers/acquiring-suite"
import { findCardData, findCardNumbers } from "../helpers/card-data-scan"
import { submitCard, cartWithSession } from "../helpers/checkout"
import { linesWithCardData, linesWithCardNumbers } from "../helpers/log-capture"
import { listeningAddresses } from "../helpers/exposure"
import { expectStatus } from "../../dev/store-client/http-client"
import { CARD_SECRETS, CARDS, SECURITY_CODE } from "../helpers/test-cards"

/** The harness itself: Medusa boots with the plugin, talks HTTP, stays on loopback; the card-data scan works. */
export function smokeCases({
  sandbox,
  openShop,
  databaseUrl,
  logs,
  container,
}: AcquiringSuite): void {
  it("boots Medusa with the plugin's two payment providers and serves the store API", async () => {
    const shop = await openShop()
    const cart = await shop.readyCart()
    expect(cart.email).toBe("ada.shopper@example.test")
    // 10.00 tote and 5.00 shipping, in major units.
    expect(cart.total).toBe(15)
    expect(cart.shipping_methods).toHaveLength(1)

    // The app runs the private copy of the build, safe from rebuilds during the run.
    const plugins = container().resolve("configModule").plugins as {
      resolve: string
    }[]
    expect(process.env.ACQUIRING_PLUGIN_ROOT).toMatch(
      /\.medusa\/integration-\d+$/
    )
    expect(plugins.map((p) => p.resolve)).toContain(
      process.env.ACQUIRING_PLUGIN_ROOT
    )

    const providers = expectStatus(
      await shop.admin.get("/admin/payments/payment-providers"),
      200,
      "list payment providers"
    )
    expect(providers.payment_providers.map((p: any) => p.id)).toEqual(
      expect.arrayContaining([CARD_PROVIDER, HOSTED_PROVIDER])
    )
  })

  it("the log capture sees Medusa's logger at debug level and would catch card data in a log line", async () => {
    const shop = await openShop()
    const { session } = await cartWithSession(shop, CARD_PROVIDER)
    expectStatus(
      await submitCard(shop, session.id, CARDS.approved),
      200,
      "card"
    )
    expect(linesWithCardData(logs.lines(), CARD_SECRETS)).toEqual([])

    container()
      .resolve("logger")
      .debug(`card ${CARDS.approved} with {"security_code":"${SECURITY_CODE}"}`)
    const caught = linesWithCardData(logs.lines(), CARD_SECRETS)
    expect(caught).toHaveLength(1)
    expect(caught[0]).toMatch(/"level":"debug"/)
    logs.clear()
  })

  it("listens on the loopback interface only (Medusa and the sandbox)", async () => {
    expect(listeningAddresses(Number(process.env.PORT))).toEqual(["127.0.0.1"])
    expect(listeningAddresses(Number(new URL(sandbox.url()).port))).toEqual([
      "127.0.0.1",
    ])
  })

  it("the card-data scan finds a card number and a security code wherever they were written", async () => {
    const shop = await openShop()
    expect(await findCardData(databaseUrl(), CARD_SECRETS)).toEqual([])

    const cart = await shop.readyCart()
    const plant = (metadata: Record<string, unknown>) =>
      shop.store
        .post(`/store/carts/${cart.id}`, { metadata })
        .then((a) => expectStatus(a, 200, "write metadata"))
    await plant({
      note: `paid with ${CARDS.approved}`,
      nested: { cvc: SECURITY_CODE },
      expiry_month: "12",
    })
    expect(await findCardData(databaseUrl(), CARD_SECRETS)).toEqual(
      expect.arrayContaining([
        { table: "cart", column: "metadata", reason: "card number" },
        { table: "cart", column: "metadata", reason: "security code" },
        { table: "cart", column: "metadata", reason: 'card key "cvc"' },
        {
          table: "cart",
          column: "metadata",
          reason: 'card key "expiry_month"',
        },
      ])
    )
    // Medusa drops metadata keys set to "": leave nothing behind for the after-test scan.
    await plant({ note: "", nested: "", expiry_month: "" })
    expect(await findCardData(databaseUrl(), CARD_SECRETS)).toEqual([])
  })

  it("the scans find any card number, not only the test cards, and leave ids and times alone", async () => {
    const shop = await openShop()
    const cart = await shop.readyCart()
    // Amex and Mastercard test numbers none of the tests plants
    const amex = "371449635398431"
    const grouped = "5105 1051 0510 5100"
    // shapes that hold Luhn-valid runs and are not card numbers: a time in milliseconds,
    // a compact time, an order number's hex digits, the sandbox's transaction id, a UUID
    const now = luhnValidNear(Date.now())
    const notCards = [
      `admin-${now}-8youx4@example.test`,
      "Migration20261125120000",
      "MEDab5105105105105100cdef01",
      "SBX2026112815510200024",
      "51051051-0510-5100-abcd-0123456789ab",
    ]
    const plant = (metadata: Record<string, unknown>) =>
      shop.store
        .post(`/store/carts/${cart.id}`, { metadata })
        .then((a) => expectStatus(a, 200, "write metadata"))
    await plant({ note: `refund to ${amex}`, grouped, kept: notCards })
    const found = await findCardNumbers(databaseUrl())
    expect(
      found.map(({ table, column, run }) => ({ table, column, run }))
    ).toEqual([
      { table: "cart", column: "metadata", run: amex },
      { table: "cart", column: "metadata", run: grouped },
    ])
    await plant({ note: "", grouped: "", kept: "" })
    expect(await findCardNumbers(databaseUrl())).toEqual([])

    const logger = container().resolve("logger")
    logger.debug(`shopper wrote ${amex}; ${notCards.join(" ")}`)
    logger.info(`on the phone: ${grouped}`)
    expect(linesWithCardNumbers(logs.lines()).map((hit) => hit.runs)).toEqual([
      [amex],
      [grouped],
    ])
    logs.clear()
  })
}

/** A 13-digit time in milliseconds near `ms` that passes Luhn, so leaving it out is the exclusion's doing. */
function luhnValidNear(ms: number): string {
  for (let t = ms; ; t++) {
    const digits = String(t)
    let sum = 0
    for (let i = 0; i < digits.length; i++) {
      let d = Number(digits[digits.length - 1 - i])
      if (i % 2) d = d * 2 > 9 ? d * 2 - 9 : d * 2
      sum += d
    }
    if (sum % 10 === 0) return digits
  }
}
