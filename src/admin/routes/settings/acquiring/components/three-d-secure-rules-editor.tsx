/**
 * The account's 3-D Secure rules, one box per rule in the order they are
 * tried, and a preview: for a sample payment, which rule decides and why,
 * worked out by the same function the server runs when a payment is made.
 */
import { Button, Checkbox, Input, Label, Select, Text } from "@medusajs/ui"
import { useState } from "react"
import {
  decideThreeDSecure,
  decisionText,
  ThreeDSecureRulesSchema,
  type Presence,
  type ThreeDSecureRule,
} from "../../../../../admin-contract/three-d-secure-rules"
import { FormField } from "../../../../components/form-field"
import {
  emptySecureRule,
  RULE_KINDS,
  secureRulesOf,
  valueLabel,
  type SecureRuleDraft,
} from "./authentication-form"

const RULES_HINT =
  "Tried in order; the first that matches a payment decides whether the issuer is asked to authenticate the card holder. No rule matches: the 3-D Secure setting above decides. No rules: medusa-config's rules. Payments staff enter for a caller and charges of a saved card without the customer are never asked."

export function ThreeDSecureRulesField({
  rules,
  error,
  fallback,
  inheritedRules,
  onChange,
}: {
  rules: SecureRuleDraft[]
  error?: string
  /** what decides when no rule matches: the form's 3-D Secure value, or what it inherits */
  fallback: "always" | "issuer"
  /** medusa-config's rules, in force while the account sets none */
  inheritedRules: ThreeDSecureRule[]
  onChange: (rules: SecureRuleDraft[]) => void
}) {
  const change = (index: number, patch: Partial<SecureRuleDraft>) =>
    onChange(
      rules.map((rule, i) => (i === index ? { ...rule, ...patch } : rule))
    )
  const move = (index: number) => {
    const next = [...rules]
    ;[next[index - 1], next[index]] = [next[index]!, next[index - 1]!]
    onChange(next)
  }
  const parsed = ThreeDSecureRulesSchema.safeParse(secureRulesOf(rules))
  return (
    <>
      <FormField
        id="three_d_secure_rules"
        label="3-D Secure rules"
        optional
        hint={RULES_HINT}
        error={error}
        group
      >
        {rules.length === 0 && (
          <Text size="small" className="text-ui-fg-muted">
            No rules of this account.
          </Text>
        )}
        {rules.map((rule, index) => {
          const at = `three_d_secure_rules-${index}`
          const asks = valueLabel(rule.when)
          return (
            <fieldset
              key={index}
              className="border-ui-border-base flex flex-col gap-y-2 rounded-md border p-3"
            >
              <legend className="px-1">
                <Text size="small" weight="plus">
                  Rule {index + 1}
                </Text>
              </legend>
              <div className="grid grid-cols-2 gap-2">
                <div className="flex flex-col gap-y-1">
                  <Label htmlFor={`${at}-when`} size="xsmall">
                    When
                  </Label>
                  <Select
                    value={rule.when}
                    onValueChange={(when) =>
                      change(index, {
                        when: when as SecureRuleDraft["when"],
                        value: "",
                      })
                    }
                  >
                    <Select.Trigger id={`${at}-when`}>
                      <Select.Value />
                    </Select.Trigger>
                    <Select.Content>
                      {RULE_KINDS.map((kind) => (
                        <Select.Item key={kind.value} value={kind.value}>
                          {kind.label}
                        </Select.Item>
                      ))}
                    </Select.Content>
                  </Select>
                </div>
                {asks && (
                  <div className="flex flex-col gap-y-1">
                    <Label htmlFor={`${at}-value`} size="xsmall">
                      {asks}
                    </Label>
                    <Input
                      id={`${at}-value`}
                      size="small"
                      value={rule.value}
                      aria-invalid={error ? true : undefined}
                      onChange={(e) => change(index, { value: e.target.value })}
                    />
                  </div>
                )}
              </div>
              <div className="flex items-center gap-x-2">
                <Checkbox
                  id={`${at}-issuer`}
                  checked={!rule.ask}
                  onCheckedChange={(checked) =>
                    change(index, { ask: checked !== true })
                  }
                />
                <Label htmlFor={`${at}-issuer`} size="small">
                  Let the issuer decide (do not ask) when this matches
                </Label>
              </div>
              <div className="flex gap-x-2">
                {index > 0 && (
                  <Button
                    type="button"
                    size="small"
                    variant="secondary"
                    onClick={() => move(index)}
                  >
                    Move rule {index + 1} up
                  </Button>
                )}
                <Button
                  type="button"
                  size="small"
                  variant="secondary"
                  onClick={() => onChange(rules.filter((_, i) => i !== index))}
                >
                  Remove rule {index + 1}
                </Button>
              </div>
            </fieldset>
          )
        })}
        <div>
          <Button
            type="button"
            size="small"
            variant="secondary"
            onClick={() => onChange([...rules, emptySecureRule()])}
          >
            Add 3-D Secure rule
          </Button>
        </div>
      </FormField>
      <ThreeDSecurePreview
        rules={
          parsed.success ? (rules.length ? parsed.data : inheritedRules) : null
        }
        fallback={fallback}
      />
    </>
  )
}

type Sample = {
  amount: string
  currency: string
  billing_country: string
  shipping_country: string
  ip_country: string
  first_order: boolean
  presence: Presence
}

const SAMPLE_FIELDS = [
  ["amount", "Amount"],
  ["currency", "Currency"],
  ["billing_country", "Billing country"],
  ["shipping_country", "Shipping country"],
  ["ip_country", "IP country"],
] as const

const PRESENCE_WORDS: Record<Presence, string> = {
  shopper: "The shopper, at checkout",
  staff_entered: "Staff, for a caller (telephone order)",
  merchant_initiated: "Staff, charging a saved card",
}

/** A sample payment and what the rules decide for it. */
function ThreeDSecurePreview({
  rules,
  fallback,
}: {
  /** null: the rules as typed are not valid yet */
  rules: ThreeDSecureRule[] | null
  fallback: "always" | "issuer"
}) {
  const [sample, setSample] = useState<Sample>({
    amount: "100.00",
    currency: "EUR",
    billing_country: "",
    shipping_country: "",
    ip_country: "",
    first_order: false,
    presence: "shopper",
  })
  const amountValid = /^\d+(\.\d+)?$/.test(sample.amount.trim())
  const verdict =
    rules === null
      ? "Correct the rules above to see what they decide."
      : !amountValid
        ? "Enter the sample's amount as a decimal such as 100.00."
        : decisionText(
            decideThreeDSecure(rules, fallback, {
              amount: sample.amount.trim(),
              currency: sample.currency.trim().toUpperCase(),
              billing_country: sample.billing_country.trim() || null,
              shipping_country: sample.shipping_country.trim() || null,
              ip_country: sample.ip_country.trim() || null,
              first_order: sample.first_order,
              presence: sample.presence,
            })
          )
  return (
    <section
      aria-labelledby="three-d-secure-preview"
      className="bg-ui-bg-subtle flex flex-col gap-y-2 rounded-md p-3"
    >
      <Text id="three-d-secure-preview" size="small" weight="plus">
        3-D Secure preview
      </Text>
      <Text size="xsmall" className="text-ui-fg-subtle">
        A sample payment, judged by the rules and setting as they stand in this
        form.
      </Text>
      <div className="grid grid-cols-2 gap-2">
        {SAMPLE_FIELDS.map(([key, label]) => (
          <div key={key} className="flex flex-col gap-y-1">
            <Label htmlFor={`preview-${key}`} size="xsmall">
              {label}
            </Label>
            <Input
              id={`preview-${key}`}
              size="small"
              value={sample[key]}
              onChange={(e) =>
                setSample((s) => ({ ...s, [key]: e.target.value }))
              }
            />
          </div>
        ))}
        <div className="flex flex-col gap-y-1">
          <Label htmlFor="preview-presence" size="xsmall">
            Who pays
          </Label>
          <Select
            value={sample.presence}
            onValueChange={(presence) =>
              setSample((s) => ({ ...s, presence: presence as Presence }))
            }
          >
            <Select.Trigger id="preview-presence">
              <Select.Value />
            </Select.Trigger>
            <Select.Content>
              {Object.entries(PRESENCE_WORDS).map(([value, words]) => (
                <Select.Item key={value} value={value}>
                  {words}
                </Select.Item>
              ))}
            </Select.Content>
          </Select>
        </div>
      </div>
      <div className="flex items-center gap-x-2">
        <Checkbox
          id="preview-first_order"
          checked={sample.first_order}
          onCheckedChange={(checked) =>
            setSample((s) => ({ ...s, first_order: checked === true }))
          }
        />
        <Label htmlFor="preview-first_order" size="small">
          The customer&apos;s first order
        </Label>
      </div>
      <Text
        size="small"
        weight="plus"
        role="status"
        data-testid="three-d-secure-verdict"
      >
        {verdict}
      </Text>
    </section>
  )
}
