import { render, screen, waitFor } from "@testing-library/react"
import userEvent from "@testing-library/user-event"
import type { StoreTransport } from "../transport"
import { GERMAN_MESSAGES } from "../messages-de"
import { HostedPaymentButton } from "./hosted-payment-button"

describe("HostedPaymentButton", () => {
  it("asks the plugin to keep the card when the storefront says so", async () => {
    const user = userEvent.setup()
    const bodies: unknown[] = []
    // Refused, so the test's page does not navigate away.
    const store: StoreTransport = async (_method, _path, body) => {
      bodies.push(body)
      return {
        status: 429,
        retryAfter: 5,
        body: { type: "rate_limited", message: "slow down" },
      }
    }
    const { rerender } = render(
      <HostedPaymentButton store={store} session={{ id: "ps_1" }} saveCard>
        Pay on the secure page
      </HostedPaymentButton>
    )
    await user.click(
      screen.getByRole("button", { name: "Pay on the secure page" })
    )
    expect((await screen.findByRole("alert")).textContent).toBe(
      "Too many attempts. Try again in 5 seconds."
    )
    rerender(
      <HostedPaymentButton store={store} session={{ id: "ps_1" }}>
        Pay on the secure page
      </HostedPaymentButton>
    )
    await user.click(
      screen.getByRole("button", { name: "Pay on the secure page" })
    )
    await waitFor(() => expect(bodies).toHaveLength(2))
    expect(bodies).toEqual([{ save_card: true }, undefined])
  })

  it("says when another tab has the payment page open, in the store's words", async () => {
    const user = userEvent.setup()
    const store: StoreTransport = async () => ({
      status: 400,
      retryAfter: 20,
      body: { type: "not_allowed", message: "page opened elsewhere" },
    })
    const { rerender } = render(
      <HostedPaymentButton store={store} session={{ id: "ps_1" }} />
    )
    await user.click(
      screen.getByRole("button", { name: "Continue to payment" })
    )
    expect((await screen.findByRole("alert")).textContent).toBe(
      "The payment page is open in another tab. Pay there, or try again here in 20 seconds."
    )
    rerender(
      <HostedPaymentButton
        store={store}
        session={{ id: "ps_1" }}
        messages={GERMAN_MESSAGES}
      />
    )
    expect(
      screen.getByRole("button", { name: "Weiter zur Zahlung" })
    ).toBeTruthy()
  })

  it("a store error shows the shopper sentence, not the server's text", async () => {
    const user = userEvent.setup()
    const store: StoreTransport = async () => ({
      status: 500,
      body: { type: "unknown_error", message: "An unknown error occurred." },
    })
    render(<HostedPaymentButton store={store} session={{ id: "ps_1" }} />)
    await user.click(
      screen.getByRole("button", { name: "Continue to payment" })
    )
    expect((await screen.findByRole("alert")).textContent).toBe(
      "Something went wrong on our side. Please try again in a moment."
    )
  })
})
