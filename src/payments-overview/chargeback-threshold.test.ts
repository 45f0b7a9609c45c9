import { storeConfig } from "../retention/__fixtures__/store-config"
import { chargebackThreshold } from "./chargeback-threshold"

const account = (
  id: string,
  threshold?: unknown,
  deleted_at: Date | null = null
) => ({
  id,
  advanced:
    threshold === undefined
      ? null
      : { chargeback_threshold_percent: threshold },
  deleted_at,
})

describe("the chargeback threshold a figure is judged against", () => {
  it("is the schemes' 0.9 % when nothing sets one", () => {
    expect(chargebackThreshold(storeConfig({}), [])).toBe("0.9")
    expect(
      chargebackThreshold(storeConfig({}), [account("acqacc_a")], "acqacc_a")
    ).toBe("0.9")
  })

  it("is an account's own, else its entries' lowest", () => {
    const config = storeConfig(
      { chargeback_threshold_percent: "0.75" },
      { chargeback_threshold_percent: "1.5" }
    )
    const accounts = [account("acqacc_a", "0.5"), account("acqacc_b")]
    expect(chargebackThreshold(config, accounts, "acqacc_a")).toBe("0.5")
    expect(chargebackThreshold(config, accounts, "acqacc_b")).toBe("0.75")
    expect(chargebackThreshold(config, accounts, "config")).toBe("0.75")
  })

  it("is the lowest of every live account and entry for all of them together, compared as decimals", () => {
    const config = storeConfig({ chargeback_threshold_percent: "0.9" })
    expect(
      chargebackThreshold(config, [
        account("acqacc_a", "10"),
        account("acqacc_b", "0.65"),
        account("acqacc_c", "0.1", new Date()),
      ])
    ).toBe("0.65")
    // "10" sorts before "9" as text, not as a number
    expect(
      chargebackThreshold(storeConfig({ chargeback_threshold_percent: "9" }), [
        account("acqacc_a", "10"),
      ])
    ).toBe("9")
  })

  it("passes over a value that is not a threshold (refused at start-up and on save)", () => {
    expect(
      chargebackThreshold(storeConfig({ chargeback_threshold_percent: 0.5 }), [
        account("acqacc_a", "0"),
      ])
    ).toBe("0.9")
  })
})
