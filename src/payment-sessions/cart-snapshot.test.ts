import { snapshotAddress } from "./cart-snapshot"

describe("an address as the cart snapshot keeps it", () => {
  it("keeps the known fields that are set, and nothing Medusa adds", () => {
    expect(
      snapshotAddress({
        id: "caaddr_1",
        first_name: "Ada",
        last_name: null,
        address_1: "1 Analytical Row",
        country_code: "gb",
        metadata: { gate: "blue" },
        phone: undefined,
      })
    ).toEqual({
      first_name: "Ada",
      address_1: "1 Analytical Row",
      country_code: "gb",
    })
  })

  it("is null for no address, or one with nothing set", () => {
    expect(snapshotAddress(null)).toBeNull()
    expect(snapshotAddress(undefined)).toBeNull()
    expect(snapshotAddress({ id: "caaddr_2", city: null })).toBeNull()
  })
})
