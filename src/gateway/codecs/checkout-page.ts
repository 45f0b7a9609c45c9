/**
 * The hosted-checkout answer of /v1/checkout: an HTML page whose form
 * `theForm` posts to the hosted payment page, with static hidden inputs plus
 * inputs a script appends before submitting on load. The page is kept
 * verbatim (the storefront may serve it as is) next to a parsed view.
 */
import he from "he"
import { parse, type HTMLElement } from "node-html-parser"
import { AcquiringError } from "../errors"

export const CHECKOUT_FORM_NAME = "theForm"
export const CHECKOUT_DATA_ID = "checkout-data"

export interface CheckoutForm {
  name: string
  action: string
  /** Lower-case; HTML's default "get" when the attribute is absent. */
  method: string
  /** Static inputs, then script-added ones; a script input replaces a static one of the same name. */
  inputs: Record<string, string>
}

export interface CheckoutPage {
  html: string
  form: CheckoutForm
}

/** The service's checkout answer is not a page this client can follow. */
export class CheckoutPageError extends AcquiringError {
  constructor(reason: string) {
    super(`checkout page rejected: ${reason}`)
  }
}

const NOT_SUBMITTED = new Set(["submit", "button", "image", "reset", "file"])

export function parseCheckoutPage(html: string): CheckoutPage {
  const root = parse(html)
  const form =
    root.querySelector(`form[name="${CHECKOUT_FORM_NAME}"]`) ??
    root.querySelector("form")
  if (!form) throw new CheckoutPageError("no form found")
  const action = form.getAttribute("action")
  if (!action) throw new CheckoutPageError("the form has no action")

  const inputs: Record<string, string> = {}
  for (const input of form.querySelectorAll("input")) {
    const name = input.getAttribute("name")
    if (!name || !isSubmitted(input)) continue
    setOwn(inputs, name, input.getAttribute("value") ?? "")
  }
  for (const [name, value] of Object.entries(readScriptInputs(root))) {
    setOwn(inputs, name, value)
  }

  return {
    html,
    form: {
      name: form.getAttribute("name") ?? "",
      action,
      method: (form.getAttribute("method") ?? "get").trim().toLowerCase(),
      inputs,
    },
  }
}

/** An input named `__proto__` is kept as a field; plain assignment would drop it. */
function setOwn(target: Record<string, string>, name: string, value: string) {
  Object.defineProperty(target, name, {
    value,
    enumerable: true,
    writable: true,
    configurable: true,
  })
}

function isSubmitted(input: HTMLElement): boolean {
  const type = (input.getAttribute("type") ?? "text").toLowerCase()
  if (NOT_SUBMITTED.has(type)) return false
  if (
    (type === "checkbox" || type === "radio") &&
    !input.hasAttribute("checked")
  )
    return false
  return !input.hasAttribute("disabled")
}

/** Script content is raw text in HTML (no entity decoding), so the JSON is read from rawText. */
function readScriptInputs(root: HTMLElement): Record<string, string> {
  const block = root.querySelector(`script#${CHECKOUT_DATA_ID}`)
  if (!block) return {}
  let data: unknown
  try {
    data = JSON.parse(block.rawText)
  } catch (error) {
    throw new CheckoutPageError(
      `#${CHECKOUT_DATA_ID} is not valid JSON (${(error as Error).message})`
    )
  }
  if (data === null || typeof data !== "object" || Array.isArray(data)) {
    throw new CheckoutPageError(`#${CHECKOUT_DATA_ID} must be a JSON object`)
  }
  const out: Record<string, string> = {}
  for (const [name, value] of Object.entries(data as Record<string, unknown>)) {
    if (value === null || value === undefined) continue
    setOwn(
      out,
      name,
      typeof value === "object" ? JSON.stringify(value) : String(value)
    )
  }
  return out
}

export interface RenderCheckoutPageInput {
  action: string
  static_inputs: Record<string, string>
  script_inputs: Record<string, string>
}

/** Writes the page the sandbox answers for /v1/checkout. Output is pure ASCII. */
export function renderCheckoutPage({
  action,
  static_inputs,
  script_inputs,
}: RenderCheckoutPageInput): string {
  const hidden = Object.entries(static_inputs)
    .map(
      ([name, value]) =>
        `<input type="hidden" name="${attr(name)}" value="${attr(value)}">`
    )
    .join("\n")
  return `<!DOCTYPE html>
<html>
<head>
<meta charset="utf-8">
<title>Loading&#x2026;</title>
</head>
<body>
<form name="${CHECKOUT_FORM_NAME}" id="${CHECKOUT_FORM_NAME}" action="${attr(action)}" method="post">
${hidden}
</form>
<noscript>JavaScript is required to continue to the payment page.</noscript>
<script type="application/json" id="${CHECKOUT_DATA_ID}">${scriptSafeJson(script_inputs)}</script>
<script>
(function () {
  var form = document.forms["${CHECKOUT_FORM_NAME}"];
  var data = JSON.parse(document.getElementById("${CHECKOUT_DATA_ID}").textContent);
  Object.keys(data).forEach(function (name) {
    var input = document.createElement("input");
    input.type = "hidden";
    input.name = name;
    input.value = data[name];
    form.appendChild(input);
  });
  window.addEventListener("load", function () { form.submit(); });
})();
</script>
</body>
</html>
`
}

function attr(value: string): string {
  return he.encode(String(value), {
    useNamedReferences: false,
    allowUnsafeSymbols: false,
  })
}

/**
 * JSON that cannot close the script element or be read as markup: `<`, `>`,
 * `&`, the JS line separators and every non-ASCII character become \u escapes.
 */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value).replace(
    /[<>&\u007f-\uffff]/g,
    (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, "0")}`
  )
}
