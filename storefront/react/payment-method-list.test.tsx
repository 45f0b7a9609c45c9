import { render, screen, within } from "@testing-library/react"
import userEvent from "@testing-library/user-event"
import { useState } from "react"
import type { PaymentMethod } from "../payment-methods"
import { GERMAN_MESSAGES } from "../messages-de"
import { PaymentMethodList } from "./payment-method-list"

const METHODS: PaymentMethod[] = [
  {
    code: "BANK_TRANSFER",
    display_name: "Bank transfer",
    rank: 1,
    provider_id: "pp_acquiring-hosted_acquiring",
  },
  {
    code: "CARD",
    display_name: "Credit or debit card",
    rank: 2,
    provider_id: "pp_acquiring-card_acquiring",
  },
  {
    code: "INSTALMENTS",
    display_name: "Pay in 3",
    rank: 3,
    provider_id: "pp_acquiring-hosted_acquiring",
  },
]

function Chooser(props: { onChange?: (method: PaymentMethod) => void }) {
  const [value, setValue] = useState<string>()
  return (
    <PaymentMethodList
      methods={METHODS}
      value={value}
      onChange={(method) => {
        setValue(method.code)
        props.onChange?.(method)
      }}
    />
  )
}

describe("PaymentMethodList", () => {
  it("is one radio group named by its legend, a radio per method in the order given, labelled by the acquirer's name", () => {
    render(<Chooser />)
    const group = screen.getByRole("group", { name: "Payment method" })
    const radios = within(group).getAllByRole("radio")
    expect(radios.map((radio) => radio.getAttribute("value"))).toEqual([
      "BANK_TRANSFER",
      "CARD",
      "INSTALMENTS",
    ])
    expect(
      radios.map(
        (radio) => (radio as HTMLInputElement).labels?.[0]?.textContent
      )
    ).toEqual(["Bank transfer", "Credit or debit card", "Pay in 3"])
    expect(radios.every((radio) => !(radio as HTMLInputElement).checked)).toBe(
      true
    )
    expect(new Set(radios.map((r) => r.getAttribute("name"))).size).toBe(1)
  })

  it("puts no label after an input, where a floating-label rule (`input:not(:placeholder-shown) ~ label`) would shrink it", () => {
    const { container } = render(<Chooser />)
    expect(container.querySelectorAll("input ~ label")).toHaveLength(0)
    expect(
      container.querySelectorAll("label > input[type=radio]")
    ).toHaveLength(3)
  })

  it("describes a known method by the kit's hint and an unknown one by nothing", () => {
    render(<Chooser />)
    expect(
      screen.getByRole("radio", {
        name: "Bank transfer",
        description:
          "Send the amount from your bank. Your order is confirmed once the money arrives.",
      })
    ).toBeTruthy()
    expect(
      screen.getByRole("radio", {
        name: "Credit or debit card",
        description: "Pay now by card; your order is confirmed at once.",
      })
    ).toBeTruthy()
    expect(
      screen
        .getByRole("radio", { name: "Pay in 3" })
        .hasAttribute("aria-describedby")
    ).toBe(false)
  })

  it("answers the chosen method and shows the value it is given", async () => {
    const user = userEvent.setup()
    const chosen: PaymentMethod[] = []
    render(<Chooser onChange={(method) => chosen.push(method)} />)
    await user.click(screen.getByLabelText("Credit or debit card"))
    expect(chosen).toEqual([METHODS[1]])
    expect(
      (
        screen.getByRole("radio", {
          name: "Credit or debit card",
        }) as HTMLInputElement
      ).checked
    ).toBe(true)
    await user.click(screen.getByLabelText("Pay in 3"))
    expect(chosen).toEqual([METHODS[1], METHODS[2]])
    expect(
      (screen.getByRole("radio", { name: "Pay in 3" }) as HTMLInputElement)
        .checked
    ).toBe(true)
    expect(
      (
        screen.getByRole("radio", {
          name: "Credit or debit card",
        }) as HTMLInputElement
      ).checked
    ).toBe(false)
  })

  it("speaks the store's language and can be disabled", () => {
    render(
      <PaymentMethodList
        methods={METHODS}
        value="CARD"
        onChange={() => undefined}
        messages={GERMAN_MESSAGES}
        disabled
      />
    )
    const group = screen.getByRole("group", { name: "Zahlungsart" })
    expect((group as HTMLFieldSetElement).disabled).toBe(true)
    const card = screen.getByRole("radio", {
      name: "Credit or debit card",
    }) as HTMLInputElement
    expect(card.checked).toBe(true)
    expect(
      document.getElementById(card.getAttribute("aria-describedby")!)
        ?.textContent
    ).toBe("Sofort mit Karte bezahlen; Ihre Bestellung ist gleich bestätigt.")
  })
})
