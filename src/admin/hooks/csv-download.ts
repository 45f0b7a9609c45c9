import { sdk } from "../lib/sdk"

/** Hands the browser a file it holds, as a download. */
function download(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob)
  const link = document.createElement("a")
  link.href = url
  link.download = name
  document.body.appendChild(link)
  link.click()
  link.remove()
  // the click has started the download: the blob is no longer needed
  setTimeout(() => URL.revokeObjectURL(url), 0)
}

/**
 * Asks a CSV route through the admin's SDK (its session cookie or token, its
 * backend address) rather than a plain link, which would miss a token and a
 * backend on another origin, and saves what it answers under the name its
 * Content-Disposition gives.
 */
export async function downloadCsv(
  path: string,
  query: Record<string, string>,
  nameOf: (disposition: string | null) => string
): Promise<string> {
  // not asking for JSON: the SDK hands back the raw response
  const response = await sdk.client.fetch<Response>(path, {
    query,
    headers: { accept: "text/csv" },
  })
  const name = nameOf(response.headers.get("content-disposition"))
  download(await response.blob(), name)
  return name
}
