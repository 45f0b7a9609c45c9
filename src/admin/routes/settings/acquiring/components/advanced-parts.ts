/**
 * Parts of the advanced overrides the account form shows as fields of their
 * own (the payment-method preferences, the retention periods): taken out of
 * the advanced JSON when the form opens, put back into it when it is sent.
 */
export type Advanced = Record<string, unknown>

export const isRecord = (value: unknown): value is Advanced =>
  !!value && typeof value === "object" && !Array.isArray(value)

/** The named values of `advanced[key]`, and the overrides without them (null when nothing is left). */
export function takeParts<N extends string>(
  advanced: Advanced | null,
  key: string,
  names: readonly N[]
): { parts: Partial<Record<N, unknown>>; advanced: Advanced | null } {
  const part = advanced?.[key]
  if (!advanced || !isRecord(part)) return { parts: {}, advanced }
  const parts: Partial<Record<N, unknown>> = {}
  const rest: Advanced = {}
  for (const [name, value] of Object.entries(part)) {
    if ((names as readonly string[]).includes(name)) parts[name as N] = value
    else rest[name] = value
  }
  const { [key]: _, ...others } = advanced
  // anything else under the key stays in the JSON, where it can be read
  const left = Object.keys(rest).length ? { ...others, [key]: rest } : others
  return { parts, advanced: Object.keys(left).length ? left : null }
}

/** The overrides with `values` put under `advanced[key]`; undefined stays undefined (not JSON: refused as typed). */
export function putParts(
  advanced: Advanced | null | undefined,
  key: string,
  values: Advanced
): Advanced | null | undefined {
  if (advanced === undefined || !Object.keys(values).length) return advanced
  const part = isRecord(advanced?.[key]) ? advanced[key] : {}
  return { ...(advanced ?? {}), [key]: { ...part, ...values } }
}
