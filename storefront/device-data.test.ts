import { collectDeviceData } from "./device-data"

const CHROME_LINUX =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36"
const EDGE_WINDOWS =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36 Edg/120.0.2210.91"
const SAFARI_IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1"
const FIREFOX_MAC =
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 14.4; rv:125.0) Gecko/20100101 Firefox/125.0"

// The plugin's own rules for device data (store contract), restated here.
const SHAPES = {
  time_zone:
    /^([+-]?\d{1,4}|[+-]\d{2}:?\d{2}|[A-Za-z_]+(\/[A-Za-z0-9_+-]+){0,2})$/,
  resolution: /^\d{2,5}[x*]\d{2,5}$/,
  color_depth: /^\d{1,2}$/,
}

describe("collectDeviceData", () => {
  it("reads a desktop browser in the plugin's shapes", () => {
    expect(
      collectDeviceData({
        userAgent: CHROME_LINUX,
        screen: { width: 1920, height: 1080, colorDepth: 24 },
        viewport: { width: 1280, height: 900 },
        timeZone: "Europe/Berlin",
        timezoneOffset: -60,
      })
    ).toEqual({
      os: "Linux",
      browser: "Chrome 126",
      time_zone: "Europe/Berlin",
      resolution: "1920x1080",
      color_depth: "24",
      challenge_window_size: "05",
    })
  })

  it.each([
    [EDGE_WINDOWS, "Windows", "Edge 120"],
    [SAFARI_IPHONE, "iOS", "Safari 17"],
    [FIREFOX_MAC, "macOS", "Firefox 125"],
  ])("names the system and browser of %s", (userAgent, os, browser) => {
    const device = collectDeviceData({ userAgent })
    expect(device.os).toBe(os)
    expect(device.browser).toBe(browser)
  })

  it("falls back to a UTC offset when the browser gives no IANA zone", () => {
    expect(
      collectDeviceData({ timezoneOffset: 330 }).time_zone // UTC-05:30
    ).toBe("-05:30")
    expect(collectDeviceData({ timezoneOffset: -120 }).time_zone).toBe("+02:00")
    expect(collectDeviceData({ timezoneOffset: 0 }).time_zone).toBe("+00:00")
  })

  it("picks the largest challenge window that fits a small viewport", () => {
    const size = (width: number, height: number) =>
      collectDeviceData({ viewport: { width, height } }).challenge_window_size
    expect(size(375, 667)).toBe("01")
    expect(size(414, 500)).toBe("02")
    expect(size(540, 720)).toBe("03")
    expect(size(800, 450)).toBe("04")
    expect(size(1024, 768)).toBe("05")
  })

  it("leaves out what the browser does not tell", () => {
    expect(
      collectDeviceData({
        userAgent: "",
        screen: { width: 0, height: 0, colorDepth: 0 },
      })
    ).toEqual({ challenge_window_size: "05" })
  })

  it("reads the page's own browser (jsdom here) in shapes the plugin accepts", () => {
    const device = collectDeviceData()
    for (const [key, shape] of Object.entries(SHAPES)) {
      const value = device[key as keyof typeof device]
      if (value !== undefined) expect(value).toMatch(shape)
    }
    expect(device.time_zone).toBeDefined()
  })
})
