/**
 * The payment methods a cart's checkout offers, as one radio group: a
 * fieldset whose legend names the question, one radio per method in the
 * order given (the acquirer's, from `listPaymentMethods`), labelled with
 * the acquirer's `display_name` and described by the kit's hint for the
 * codes it knows. Controlled: the storefront keeps the chosen code.
 */
import { useId, type ReactNode } from "react"
import type { PaymentMethod } from "../payment-methods.js"
import { acquiringMessages } from "../messages-en.js"
import type { AcquiringMessages } from "../messages.js"

export type PaymentMethodListProps = {
  /** In the order to show them, as `listPaymentMethods` answers them. */
  methods: readonly PaymentMethod[]
  /** The chosen method's code; none chosen when undefined or not in `methods`. */
  value: string | null | undefined
  onChange: (method: PaymentMethod) => void
  /** The radio group's name, unique on the page; "acquiring-payment-method" by default. */
  name?: string
  disabled?: boolean
  /** The legend; `messages.paymentMethodsLegend` by default. */
  legend?: ReactNode
  className?: string
  /** Any of the texts the list shows (legend, hints), in place of the English defaults. */
  messages?: Partial<AcquiringMessages>
}

export function PaymentMethodList(props: PaymentMethodListProps) {
  const text = acquiringMessages(props.messages)
  const base = useId()
  const name = props.name ?? "acquiring-payment-method"
  return (
    <fieldset
      className={props.className ?? "acquiring-payment-methods"}
      disabled={props.disabled}
    >
      <legend className="acquiring-payment-methods-legend">
        {props.legend ?? text.paymentMethodsLegend}
      </legend>
      {props.methods.map((method, index) => {
        const id = `${base}-${index}`
        const hint = text.paymentMethodHint(method.code)
        return (
          <div
            className="acquiring-payment-method"
            key={`${method.provider_id} ${method.code}`}
          >
            {/* the radio inside its label: a storefront's `input ~ label` rule (a floating label) never reaches it */}
            <label className="acquiring-payment-method-label">
              <input
                type="radio"
                id={id}
                name={name}
                value={method.code}
                checked={props.value === method.code}
                onChange={() => props.onChange(method)}
                aria-describedby={hint ? `${id}-hint` : undefined}
              />
              <span>{method.display_name}</span>
            </label>
            {hint ? (
              <p id={`${id}-hint`} className="acquiring-payment-method-hint">
                {hint}
              </p>
            ) : null}
          </div>
        )
      })}
    </fieldset>
  )
}
