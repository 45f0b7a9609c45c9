import { budget } from "./time-budget"

// unit and kit tests: jest's 5 s would trip on a machine three times slower (time-budget.ts)
jest.setTimeout(budget(30_000))
