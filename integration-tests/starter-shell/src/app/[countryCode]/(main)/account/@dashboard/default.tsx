// A slot with no page for the address asked (a hard load of a sub-page) shows nothing, not a 404.
export default function Default() {
  return null
}
