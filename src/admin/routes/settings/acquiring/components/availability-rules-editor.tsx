/**
 * The account's availability rules, one box per rule: which providers and
 * currency it applies to, the order amount's bounds, the billing and
 * shipping countries allowed. Used inside the drawer's FormField (a group),
 * which shows the section's hint and error.
 */
import { Button, Checkbox, Input, Label, Text } from "@medusajs/ui"
import { FormField } from "../../../../components/form-field"
import { emptyRule, type RuleDraft } from "./availability-form"

type TextPart = Exclude<keyof RuleDraft, "providers">

const PARTS: { key: TextPart; label: string; placeholder: string }[] = [
  { key: "currency", label: "Currency", placeholder: "USD" },
  { key: "min_amount", label: "Minimum order", placeholder: "1.00" },
  { key: "max_amount", label: "Maximum order", placeholder: "5000.00" },
  {
    key: "billing_countries",
    label: "Billing countries",
    placeholder: "us, ca",
  },
  { key: "shipping_countries", label: "Shipping countries", placeholder: "us" },
]

const AVAILABILITY_HINT =
  "Which carts the account's providers serve; no rules: every cart. A rule applies to the providers ticked (none: all) and its currency (blank: any); a cart must keep every rule that applies to it. Amounts are inclusive, in the rule's currency; countries are ISO codes such as us, de. The storefront hides a provider a cart cannot use."

/** The drawer's "Availability rules" section: the rules and their error beside them. */
export function AvailabilityField({
  rules,
  providerIds,
  error,
  onChange,
}: {
  rules: RuleDraft[]
  providerIds: string[]
  error?: string
  onChange: (rules: RuleDraft[]) => void
}) {
  return (
    <FormField
      id="availability"
      label="Availability rules"
      optional
      hint={AVAILABILITY_HINT}
      error={error}
      group
    >
      <AvailabilityRulesEditor
        id="availability"
        rules={rules}
        providerIds={providerIds}
        invalid={!!error}
        onChange={onChange}
      />
    </FormField>
  )
}

export function AvailabilityRulesEditor({
  id,
  rules,
  providerIds,
  invalid,
  onChange,
}: {
  id: string
  rules: RuleDraft[]
  providerIds: string[]
  /** the section has an error: its controls say so */
  invalid: boolean
  onChange: (rules: RuleDraft[]) => void
}) {
  const change = (index: number, patch: Partial<RuleDraft>) =>
    onChange(
      rules.map((rule, i) => (i === index ? { ...rule, ...patch } : rule))
    )
  return (
    <>
      {rules.length === 0 && (
        <Text size="small" className="text-ui-fg-muted">
          No rules: the account&apos;s providers serve every cart.
        </Text>
      )}
      {rules.map((rule, index) => {
        const at = `${id}-${index}`
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
            {providerIds.length > 1 && (
              <div
                role="group"
                aria-label={`Rule ${index + 1} providers (none ticked: every provider)`}
                className="flex flex-wrap gap-x-4 gap-y-1"
              >
                {providerIds.map((providerId) => (
                  <div key={providerId} className="flex items-center gap-x-2">
                    <Checkbox
                      id={`${at}-provider-${providerId}`}
                      checked={rule.providers.includes(providerId)}
                      onCheckedChange={(checked) =>
                        change(index, {
                          providers:
                            checked === true
                              ? [...rule.providers, providerId]
                              : rule.providers.filter((p) => p !== providerId),
                        })
                      }
                    />
                    <Label
                      htmlFor={`${at}-provider-${providerId}`}
                      size="small"
                    >
                      {providerId}
                    </Label>
                  </div>
                ))}
              </div>
            )}
            <div className="grid grid-cols-2 gap-2">
              {PARTS.map(({ key, label, placeholder }) => (
                <div key={key} className="flex flex-col gap-y-1">
                  <Label htmlFor={`${at}-${key}`} size="xsmall">
                    {label}
                  </Label>
                  <Input
                    id={`${at}-${key}`}
                    size="small"
                    placeholder={placeholder}
                    value={rule[key]}
                    aria-invalid={invalid ? true : undefined}
                    onChange={(e) => change(index, { [key]: e.target.value })}
                  />
                </div>
              ))}
            </div>
            <div>
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
          onClick={() => onChange([...rules, emptyRule()])}
        >
          Add rule
        </Button>
      </div>
    </>
  )
}
