export * from "./review-acquiring-payment"
export * from "./steps/review-acquiring-payment"
