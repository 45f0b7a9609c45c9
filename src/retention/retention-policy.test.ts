import { storeConfig } from "./__fixtures__/store-config"
import { longestRetention, retentionPolicy } from "./retention-policy"

const account = (
  retention: unknown,
  deleted_at: Date | null = null
): { advanced: Record<string, unknown> | null; deleted_at: Date | null } => ({
  advanced: retention === undefined ? {} : { retention },
  deleted_at,
})

describe("the retention policy of the store", () => {
  it("is the defaults when nothing sets a period", () => {
    expect(longestRetention([], [])).toEqual({
      shopper_data_days: 180,
      history_days: 365,
    })
    expect(longestRetention([{}], [account(undefined)])).toEqual({
      shopper_data_days: 180,
      history_days: 365,
    })
  })

  it("takes the longest period of each kind among entries and accounts", () => {
    expect(
      longestRetention(
        [{ retention: { shopper_data_days: 30, history_days: 90 } }],
        [
          account({ shopper_data_days: 400 }),
          account({ shopper_data_days: 60, history_days: 200 }),
        ]
      )
    ).toEqual({ shopper_data_days: 400, history_days: 200 })
  })

  it("counts only the periods an account sets: the other is its entries' (90 days here), not the default", () => {
    expect(
      longestRetention(
        [{ retention: { shopper_data_days: 30, history_days: 90 } }],
        [account({ shopper_data_days: 60 })]
      )
    ).toEqual({ shopper_data_days: 60, history_days: 90 })
  })

  it("counts an entry that sets no period with the defaults, so a shorter account never shortens it", () => {
    expect(
      longestRetention([{}], [account({ shopper_data_days: 30 })])
    ).toEqual({ shopper_data_days: 180, history_days: 365 })
  })

  it("is shorter than the defaults only when every entry and account says so", () => {
    expect(
      longestRetention(
        [{ retention: { shopper_data_days: 30, history_days: 60 } }],
        [
          account(undefined),
          account({ shopper_data_days: 20, history_days: 60 }),
        ]
      )
    ).toEqual({ shopper_data_days: 30, history_days: 60 })
  })

  it("leaves deleted accounts out and counts an invalid value as the defaults", () => {
    expect(
      longestRetention(
        [{ retention: { shopper_data_days: 10, history_days: 10 } }],
        [account({ shopper_data_days: 3000 }, new Date())]
      )
    ).toEqual({ shopper_data_days: 10, history_days: 10 })
    expect(
      longestRetention(
        [{ retention: { shopper_data_days: 10, history_days: 10 } }],
        [account({ shopper_data_days: -1 })]
      )
    ).toEqual({ shopper_data_days: 180, history_days: 365 })
  })

  it("reads every acquiring entry of medusa-config, no other provider's", () => {
    expect(
      retentionPolicy(
        storeConfig(
          { retention: { shopper_data_days: 20, history_days: 40 } },
          { retention: { shopper_data_days: 90, history_days: 30 } }
        ),
        []
      )
    ).toEqual({ shopper_data_days: 90, history_days: 40 })
  })
})
