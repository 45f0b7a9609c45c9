/**
 * Optional CAPTCHA step after repeated declines. The plugin ships no CAPTCHA
 * provider: a store passes its own check (hCaptcha, Turnstile, reCAPTCHA…)
 * to `createVelocityGuard`; the storefront sends the widget's token with the
 * card submission and the route hands it to `guard.check` as
 * `captcha_token`. The default accepts every attempt.
 */
export type CaptchaCheckInput = {
  /** The token the storefront's CAPTCHA widget produced, if it sent one. */
  token?: string
  ip?: string
  session_id: string
  /** Declines already counted for this session (or IP, whichever is higher). */
  declines: number
}

export interface CaptchaCheck {
  /** true lets the attempt through; false answers "captcha_required". */
  verify(input: CaptchaCheckInput): Promise<boolean>
}

export const acceptEveryAttempt: CaptchaCheck = {
  verify: async () => true,
}
