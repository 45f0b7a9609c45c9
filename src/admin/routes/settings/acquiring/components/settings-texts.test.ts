import type {
  EffectiveValues,
  ProviderSettings,
  Serving,
} from "../../../../lib/settings-api"
import { adminAccount } from "./__fixtures__/admin-account"
import {
  afterAccountText,
  blankText,
  deletePrompt,
  disablePrompt,
  noAccountText,
  servingText,
  valueRows,
} from "./settings-texts"

const CARD = "pp_acquiring-card_acquiring"
const HOSTED = "pp_acquiring-hosted_acquiring"

// medusa-config with `options: {}`: the defaults only
const EMPTY: EffectiveValues = {
  merchant_id: { value: null, source: "default" },
  sign_key: { value: "not set", source: "default" },
  mode: { value: "live", source: "default" },
  website: { value: null, source: "default" },
  auto_capture: { value: false, source: "default" },
  capture_on: { value: "manual", source: "default" },
  order_prefix: { value: "MED", source: "default" },
  storefront_cancel_url: { value: null, source: "default" },
}

// complete options in medusa-config (only the fields the texts read)
const COMPLETE: EffectiveValues = {
  ...EMPTY,
  merchant_id: { value: "M-1", source: "config" },
  sign_key: { value: "set", source: "config" },
  website: { value: "https://shop.example.com", source: "config" },
  auto_capture: { value: true, source: "config" },
  capture_on: { value: "authorisation", source: "config" },
}

function provider(
  id: string,
  serving: Serving,
  {
    inherited = EMPTY,
    effective = inherited,
    account_id = null,
  }: {
    inherited?: EffectiveValues
    effective?: EffectiveValues
    account_id?: string | null
  } = {}
): ProviderSettings {
  return {
    id,
    identifier: id === CARD ? "acquiring-card" : "acquiring-hosted",
    notify_url: null,
    account_id,
    serving,
    config_complete: inherited === COMPLETE,
    effective,
    inherited,
  }
}

const account = adminAccount

describe("the line shown while there is no account", () => {
  it("promises medusa-config's values only when they are complete", () => {
    expect(
      noAccountText([provider(CARD, "config", { inherited: COMPLETE })])
    ).toBe("No account yet: the providers use the values in medusa-config.")
  })

  it("says payments are refused with empty or partial options", () => {
    expect(
      noAccountText([provider(CARD, "none"), provider(HOSTED, "none")])
    ).toBe(
      'No account yet, and medusa-config\'s provider options are not complete: card payments are refused until you add an account; shoppers are told "Card payments are unavailable right now" at checkout, and a storefront built on the kit hides the option.'
    )
  })

  it("names which provider each applies to when they differ", () => {
    expect(
      noAccountText([
        provider(CARD, "config", { inherited: COMPLETE }),
        provider(HOSTED, "none"),
      ])
    ).toBe(
      "No account yet: the card form on the store's page uses the values in medusa-config; the hosted payment page refuses card payments until you add an account."
    )
  })

  it("points at the banner when no provider is registered", () => {
    expect(noAccountText([])).toBe(
      "No account yet, and no acquiring provider is registered in medusa-config (see the banner)."
    )
  })
})

describe("who serves a provider", () => {
  const sandbox = account()
  const off = account({ enabled: false })

  it("names the enabled account serving it", () => {
    expect(
      servingText(provider(CARD, "account", { account_id: "acc_1" }), [sandbox])
    ).toEqual({ refused: false, text: 'Served by the account "Sandbox".' })
  })

  it("says an enabled account that cannot be used refuses payments, and why", () => {
    expect(
      servingText(
        provider(CARD, "account", { account_id: "acc_1" }),
        [sandbox],
        [
          {
            reason:
              'Acquiring account "Sandbox" is incomplete: website_url: is required',
            providers: [CARD],
            account_id: "acc_1",
          },
        ]
      )
    ).toEqual({
      refused: true,
      text: 'Card payments refused: the account "Sandbox" serves it but cannot be used, so shoppers are told "Card payments are unavailable right now" at checkout, and a storefront built on the kit hides the option. Acquiring account "Sandbox" is incomplete: website_url: is required.',
    })
  })

  it("reads a disabled only account as disabled, not as wiped", () => {
    expect(
      servingText(provider(CARD, "disabled", { account_id: "acc_1" }), [off])
    ).toEqual({
      refused: true,
      text: 'Card payments refused: the account "Sandbox" is disabled and medusa-config\'s options are not complete, so shoppers are told "Card payments are unavailable right now" at checkout, and a storefront built on the kit hides the option. Below: the account\'s saved values, in force again once it is enabled.',
    })
  })

  it("says medusa-config serves when it is complete, naming a disabled account", () => {
    expect(
      servingText(provider(CARD, "config", { inherited: COMPLETE }), [off])
    ).toEqual({
      refused: false,
      text: 'Served by the values in medusa-config: the account "Sandbox" is disabled.',
    })
    expect(
      servingText(provider(CARD, "config", { inherited: COMPLETE }), [])
    ).toEqual({
      refused: false,
      text: "Served by the values in medusa-config: no account serves it.",
    })
  })

  it("says payments are refused with no account and incomplete options", () => {
    expect(servingText(provider(CARD, "none"), [])).toEqual({
      refused: true,
      text: 'Card payments refused: no account, and medusa-config\'s options are not complete, so shoppers are told "Card payments are unavailable right now" at checkout, and a storefront built on the kit hides the option. Add an account.',
    })
  })
})

describe("a provider's values", () => {
  it("shows capture_on and auto_capture as one Capture row, with the source that decided", () => {
    const rows = valueRows(EMPTY)
    expect(rows.filter((r) => /capture/.test(r.option))).toEqual([
      {
        option: "capture",
        label: "capture",
        text: "By hand, from the order page",
        source: "default",
      },
    ])
    expect(
      valueRows(COMPLETE).find((r) => r.option === "capture")
    ).toMatchObject({
      text: "At authorisation (the acquirer account captures at once)",
      source: "config",
    })
  })

  it("names no source for what nothing sets", () => {
    expect(valueRows(EMPTY)).toEqual(
      expect.arrayContaining([
        {
          option: "merchant_id",
          label: "merchant_id",
          text: "not set",
          source: null,
        },
        {
          option: "sign_key",
          label: "sign_key",
          text: "not set",
          source: null,
        },
        { option: "mode", label: "mode", text: "live", source: "default" },
        {
          option: "storefront_cancel_url",
          label: "storefront_cancel_url",
          text: "the return page, with status=canceled",
          source: "default",
        },
      ])
    )
  })
})

describe("what disabling or deleting an account leaves", () => {
  const providers = [provider(CARD, "account"), provider(HOSTED, "account")]
  const sandbox = account()

  it("asks before disabling the last account, saying shoppers are refused", () => {
    expect(disablePrompt(sandbox, { accounts: [sandbox], providers })).toEqual({
      title: "Disable Sandbox?",
      description:
        "It is the last account serving its payments. The card form on the store's page and the hosted payment page then refuse card payments (no other account, and medusa-config's options are not complete): shoppers are told \"Card payments are unavailable right now\" at checkout, and a storefront built on the kit hides the option. Payments it already took keep it for capture and refunds.",
      confirmText: "Disable",
    })
  })

  it("says medusa-config takes over when its options are complete", () => {
    const configured = [
      provider(CARD, "account", { inherited: COMPLETE }),
      provider(HOSTED, "account"),
    ]
    expect(
      afterAccountText(sandbox, { accounts: [sandbox], providers: configured })
    ).toBe(
      "The card form on the store's page then takes the values in medusa-config; the hosted payment page then refuses card payments (no other account, and medusa-config's options are not complete): shoppers are told \"Card payments are unavailable right now\" at checkout, and a storefront built on the kit hides the option."
    )
  })

  it("asks nothing when another enabled account serves the same", () => {
    const other = account({ id: "acc_2", name: "Backup" })
    expect(
      disablePrompt(sandbox, { accounts: [sandbox, other], providers })
    ).toBeNull()
    // one serving only EUR does not stand in for one serving every currency
    const eurOnly = account({ id: "acc_2", currencies: ["eur"] })
    expect(
      disablePrompt(sandbox, { accounts: [sandbox, eurOnly], providers })
    ).not.toBeNull()
  })

  it("confirms a delete with what really follows", () => {
    expect(deletePrompt(sandbox, { accounts: [sandbox], providers })).toEqual({
      title: "Delete Sandbox?",
      description:
        "It is the last account serving its payments. The card form on the store's page and the hosted payment page then refuse card payments (no other account, and medusa-config's options are not complete): shoppers are told \"Card payments are unavailable right now\" at checkout, and a storefront built on the kit hides the option. Payments it already took keep it for capture and refunds, even after deletion.",
      confirmText: "Delete",
    })
    const off = account({ enabled: false })
    expect(deletePrompt(off, { accounts: [off], providers }).description).toBe(
      "It is disabled and serves no new payment: nothing changes for shoppers. Payments it already took keep it for capture and refunds, even after deletion."
    )
    const other = account({ id: "acc_2", name: "Backup" })
    expect(
      deletePrompt(sandbox, { accounts: [sandbox, other], providers })
        .description
    ).toBe(
      "Other enabled accounts serve its payments from now on. Payments it already took keep it for capture and refunds, even after deletion."
    )
  })
})

describe("what a field left blank stands for in the audit", () => {
  it("is the default when medusa-config sets nothing", () => {
    const empty = [provider(CARD, "none")]
    expect(blankText("capture_on", empty)).toBe("default (manual)")
    expect(blankText("order_prefix", empty)).toBe("default (MED)")
    expect(blankText("website_url", empty)).toBe("not set")
    expect(blankText("sign_key", empty)).toBe("not set")
  })

  it("is medusa-config's value when it sets one", () => {
    const complete = [provider(CARD, "config", { inherited: COMPLETE })]
    expect(blankText("capture_on", complete)).toBe(
      "medusa-config (authorisation)"
    )
    expect(blankText("website_url", complete)).toBe(
      "medusa-config (https://shop.example.com)"
    )
    expect(blankText("sign_key", complete)).toBe("medusa-config")
  })

  it("says both when the providers differ, and what a blank means of its own", () => {
    const mixed = [
      provider(CARD, "config", { inherited: COMPLETE }),
      provider(HOSTED, "none"),
    ]
    expect(blankText("website_url", mixed)).toBe("medusa-config or default")
    expect(blankText("availability", mixed)).toBe("every cart")
    expect(blankText("advanced", mixed)).toBe("none")
    expect(blankText("order_prefix", [])).toBe("medusa-config or default")
  })
})
