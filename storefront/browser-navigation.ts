/**
 * Top-level navigations the acquirer expects: a POST of hidden fields (the
 * 3-D Secure challenge) and a plain page change (the hosted page).
 */
import type { ThreeDsForm } from "./session.js"

/** Posts `form.inputs` to `form.action` as the whole page, like a submitted HTML form. */
export function postForm(form: ThreeDsForm, doc: Document = document): void {
  const element = doc.createElement("form")
  element.method = "POST"
  element.action = form.action
  element.style.display = "none"
  for (const [name, value] of Object.entries(form.inputs)) {
    const input = doc.createElement("input")
    input.type = "hidden"
    input.name = name
    input.value = value
    element.appendChild(input)
  }
  doc.body.appendChild(element)
  element.submit()
}

export function navigateTo(url: string, win: Window = window): void {
  win.location.assign(url)
}
