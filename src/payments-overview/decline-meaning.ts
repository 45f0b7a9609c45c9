import { ERROR_CODE_MEANINGS, type ErrorCode } from "../gateway/index"

/** A decline code in words: the acquirer's meaning, else the code itself; "" is a decline with no code. */
export const meaningOf = (code: string) =>
  code === ""
    ? "no reason given"
    : (ERROR_CODE_MEANINGS[code as ErrorCode] ?? `code ${code}`)
