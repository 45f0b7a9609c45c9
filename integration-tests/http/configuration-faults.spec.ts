import { randomBytes } from "node:crypto"
import { sandboxAccountBody } from "../helpers/sandbox-account"
import { acquiringSuite, CARD_PROVIDER } from "../helpers/acquiring-suite"
import { openPaymentSession } from "../../dev/store-client/storefront"
import { budget } from "../setup/time-budget"

jest.setTimeout(budget(120_000))

// Booted with no provider options at all: every fault below is the admin's to fix.
process.env.ACQUIRING_TEST_EMPTY_OPTIONS = "1"
const SETTINGS_KEY = randomBytes(32).toString("hex")
process.env.ACQUIRING_SETTINGS_KEY = SETTINGS_KEY

const SETTINGS = "/admin/acquiring/settings"
const REFUSED = "card payments are refused until this is fixed: "
// the storefront's whole answer: a stable type and one neutral sentence
const NEUTRAL = {
  type: "payment_unavailable",
  message:
    "Card payments are unavailable right now. Please try again later or choose another payment method.",
}

/**
 * Each configuration fault as the three audiences meet it: the shopper a
 * neutral 503, the operator the reason and fix (log once, the settings
 * answer's faults, Test connection's verdict).
 */
acquiringSuite(({ sandbox, openShop, backendUrl, logs }) => {
  const accountBody = () => sandboxAccountBody(sandbox, backendUrl)
  const linesWith = (text: string) =>
    logs.lines().filter((line) => line.includes(text))

  it("answers every fault neutrally to the shopper and with its fix to the operator", async () => {
    // at start-up, before any shopper: one line for the missing account
    expect(linesWith(`${REFUSED}Acquiring is not configured`)).toHaveLength(1)

    const shop = await openShop()
    const sessionAnswer = async (provider = CARD_PROVIDER) => {
      const cart = await shop.readyCart()
      return (await openPaymentSession(shop.store, cart.id, provider)).answer
    }
    const faults = async (): Promise<{ reason: string }[]> =>
      (await shop.admin.get(SETTINGS)).data.faults

    // nothing configured
    let answer = await sessionAnswer()
    expect([answer.status, answer.data]).toEqual([503, NEUTRAL])
    expect(await faults()).toEqual([
      expect.objectContaining({
        reason: expect.stringMatching(/add an account in Settings → Acquiring/),
      }),
    ])
    // logged at start-up; the shopper's hit does not repeat it
    expect(linesWith(`${REFUSED}Acquiring is not configured`)).toHaveLength(1)

    // a complete account: no fault, the session opens
    const created = await shop.admin.post(`${SETTINGS}/accounts`, accountBody())
    expect(created.status).toBe(200)
    const id = created.data.account.id
    expect(await faults()).toEqual([])
    expect((await sessionAnswer()).status).toBe(200)

    // disabled: the shopper is refused, the operator told to enable it
    await shop.admin.post(`${SETTINGS}/accounts/${id}`, { enabled: false })
    answer = await sessionAnswer()
    expect([answer.status, answer.data]).toEqual([503, NEUTRAL])
    const [disabled] = await faults()
    expect(disabled.reason).toMatch(/"Sandbox" is disabled.*turn Enabled on/)
    expect(
      // the log is JSON: quotes arrive escaped
      linesWith(`${REFUSED}Acquiring account \\"Sandbox\\" is disabled`)
    ).toHaveLength(1)
    // Test connection sends nothing for it and says what to fix
    const offVerdict = await shop.admin.post(
      `${SETTINGS}/accounts/${id}/test-connection`,
      {}
    )
    expect(offVerdict.data).toEqual({
      outcome: "configuration",
      message:
        'Not sent: account "Sandbox" is disabled. Edit it, turn Enabled on and save, then test the connection again.',
    })

    // another settings key on this instance than the one the sign key was sealed with
    process.env.ACQUIRING_SETTINGS_KEY = randomBytes(32).toString("hex")
    await shop.admin.post(`${SETTINGS}/accounts/${id}`, { enabled: true })
    answer = await sessionAnswer()
    expect([answer.status, answer.data]).toEqual([503, NEUTRAL])
    const [changedKey] = await faults()
    expect(changedKey.reason).toMatch(/cannot be decrypted.*Replace/)
    const verdict = await shop.admin.post(
      `${SETTINGS}/accounts/${id}/test-connection`,
      {}
    )
    expect(verdict.status).toBe(200)
    expect(verdict.data.outcome).toBe("configuration")
    expect(verdict.data.message).toMatch(/cannot be decrypted.*Replace/)
    expect(linesWith("cannot be decrypted")).toHaveLength(1)

    // no settings key at all
    delete process.env.ACQUIRING_SETTINGS_KEY
    await shop.admin.post(`${SETTINGS}/accounts/${id}`, { name: "Sandbox EU" })
    answer = await sessionAnswer()
    expect([answer.status, answer.data]).toEqual([503, NEUTRAL])
    const [noKey] = await faults()
    expect(noKey.reason).toMatch(/"Sandbox EU".*Set ACQUIRING_SETTINGS_KEY/)
    expect(
      (await shop.admin.post(`${SETTINGS}/accounts/${id}/test-connection`, {}))
        .data.outcome
    ).toBe("configuration")

    // the key back: payments flow again and the banner is gone
    process.env.ACQUIRING_SETTINGS_KEY = SETTINGS_KEY
    await shop.admin.post(`${SETTINGS}/accounts/${id}`, { name: "Sandbox" })
    expect(await faults()).toEqual([])
    expect((await sessionAnswer()).status).toBe(200)
    expect(
      (await shop.admin.post(`${SETTINGS}/accounts/${id}/test-connection`, {}))
        .data.outcome
    ).toBe("accepted")

    // a provider id with no entry in medusa-config: neutral too, the fix logged
    answer = await sessionAnswer("pp_acquiring-card_elsewhere")
    expect([answer.status, answer.data]).toEqual([503, NEUTRAL])
    expect(
      linesWith(`${REFUSED}No acquiring provider with id \\"elsewhere\\"`)
    ).toEqual([expect.stringContaining("options: {}")])
  })
})
