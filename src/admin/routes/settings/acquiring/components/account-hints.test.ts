import type {
  EffectiveValues,
  ProviderSettings,
} from "../../../../lib/settings-api"
import { defaultMode, modeHint } from "./account-hints"

const withMode = (mode: EffectiveValues[string]): ProviderSettings => ({
  id: "pp_acquiring-card_acquiring",
  identifier: "acquiring-card",
  notify_url: null,
  account_id: null,
  serving: "none",
  config_complete: false,
  effective: { mode: { value: "test", source: "admin" } },
  inherited: { mode },
})

describe("the mode a new account starts in", () => {
  it("is the server's default, live, unless medusa-config sets one", () => {
    const bare = [withMode({ value: "live", source: "default" })]
    expect(defaultMode(bare)).toBe("live")
    expect(modeHint(bare)).toBe(
      "A new account starts with Live, the default. Live refuses plain-http gateway and backend URLs off this computer; choose Test for the acquirer's test environment or the sandbox."
    )
    // what an account serving now sets does not count: a new one inherits medusa-config's
    const fromConfig = [withMode({ value: "test", source: "config" })]
    expect(defaultMode(fromConfig)).toBe("test")
    expect(modeHint(fromConfig)).toMatch(
      /^A new account starts with medusa-config's mode \(Test\)\./
    )
    expect(defaultMode([])).toBe("live")
  })
})
