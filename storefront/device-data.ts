/**
 * Device data for 3-D Secure and risk screening, in the shapes the plugin
 * validates (`data.device` of a new payment session). Nothing here
 * identifies the shopper beyond what every page can read.
 */

export type DeviceData = {
  os?: string
  browser?: string
  /** IANA zone ("Europe/Berlin") or, without one, a UTC offset ("+02:00"). */
  time_zone?: string
  /** Screen size, "1920x1080". */
  resolution?: string
  /** Screen colour depth in bits, "24". */
  color_depth?: string
  /** EMV 3-D Secure window size: "01" 250x400, "02" 390x400, "03" 500x600, "04" 600x400, "05" full page. */
  challenge_window_size?: "01" | "02" | "03" | "04" | "05"
}

/** What collectDeviceData reads; the browser's own objects by default. */
export type DeviceSource = {
  userAgent?: string
  screen?: { width: number; height: number; colorDepth: number }
  viewport?: { width: number; height: number }
  timeZone?: string
  /** Minutes, as Date#getTimezoneOffset answers (UTC minus local). */
  timezoneOffset?: number
}

function browserSource(): DeviceSource {
  const g = globalThis as any
  let timeZone: string | undefined
  try {
    timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone
  } catch {
    timeZone = undefined
  }
  return {
    userAgent: g.navigator?.userAgent,
    screen: g.screen,
    viewport:
      typeof g.innerWidth === "number"
        ? { width: g.innerWidth, height: g.innerHeight }
        : undefined,
    timeZone,
    timezoneOffset: new Date().getTimezoneOffset(),
  }
}

const OS_PATTERNS: [RegExp, string][] = [
  [/Windows NT/, "Windows"],
  [/iPhone|iPad|iPod/, "iOS"],
  [/Android/, "Android"],
  [/CrOS/, "ChromeOS"],
  [/Mac OS X|Macintosh/, "macOS"],
  [/Linux/, "Linux"],
]

// Order matters: Edge and Opera also say "Chrome", Chrome also says "Safari".
const BROWSER_PATTERNS: [RegExp, string][] = [
  [/Edg(?:e|A|iOS)?\/(\d+)/, "Edge"],
  [/OPR\/(\d+)/, "Opera"],
  [/Firefox\/(\d+)/, "Firefox"],
  [/FxiOS\/(\d+)/, "Firefox"],
  [/CriOS\/(\d+)/, "Chrome"],
  [/(?:Headless)?Chrom(?:e|ium)\/(\d+)/, "Chrome"],
  [/Version\/(\d+)[^ ]* (?:Mobile\/\S+ )?Safari\//, "Safari"],
]

function osOf(userAgent: string): string | undefined {
  return OS_PATTERNS.find(([pattern]) => pattern.test(userAgent))?.[1]
}

function browserOf(userAgent: string): string | undefined {
  for (const [pattern, name] of BROWSER_PATTERNS) {
    const match = pattern.exec(userAgent)
    if (match) return `${name} ${match[1]}`
  }
  return undefined
}

const IANA_ZONE = /^[A-Za-z_]+(\/[A-Za-z0-9_+-]+){0,2}$/

function offsetText(minutesBehindUtc: number): string {
  const ahead = -minutesBehindUtc
  const sign = ahead < 0 ? "-" : "+"
  const abs = Math.abs(ahead)
  const hours = String(Math.floor(abs / 60)).padStart(2, "0")
  const minutes = String(abs % 60).padStart(2, "0")
  return `${sign}${hours}:${minutes}`
}

/** The largest challenge window that fits the viewport; the challenge opens as a full page. */
function challengeWindowSize(viewport?: {
  width: number
  height: number
}): DeviceData["challenge_window_size"] {
  if (!viewport) return "05"
  const { width, height } = viewport
  if (width >= 600 && height >= 600) return "05"
  if (width >= 500 && height >= 600) return "03"
  if (width >= 600 && height >= 400) return "04"
  if (width >= 390 && height >= 400) return "02"
  return "01"
}

/**
 * Reads the device data in the browser. Every field is optional: a value
 * the browser does not give is left out rather than guessed.
 */
export function collectDeviceData(
  source: DeviceSource = browserSource()
): DeviceData {
  const device: DeviceData = {}
  const ua = source.userAgent ?? ""
  const os = osOf(ua)
  if (os) device.os = os
  const browser = browserOf(ua)
  if (browser) device.browser = browser
  if (source.timeZone && IANA_ZONE.test(source.timeZone)) {
    device.time_zone = source.timeZone
  } else if (typeof source.timezoneOffset === "number") {
    device.time_zone = offsetText(source.timezoneOffset)
  }
  const screen = source.screen
  if (screen && screen.width > 0 && screen.height > 0) {
    device.resolution = `${Math.round(screen.width)}x${Math.round(screen.height)}`
  }
  if (screen && screen.colorDepth > 0 && screen.colorDepth < 100) {
    device.color_depth = String(screen.colorDepth)
  }
  device.challenge_window_size = challengeWindowSize(source.viewport)
  return device
}
