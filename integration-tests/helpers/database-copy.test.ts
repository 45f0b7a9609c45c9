import { fileDatabaseName } from "./database-copy"
import { cardLikeRunsIn } from "./card-like-runs"

describe("a test file's database name", () => {
  it("holds no digit run the log scan could take for a card number, whatever the worker", () => {
    for (const worker of ["1", "2", "12", undefined]) {
      for (let i = 0; i < 200; i++) {
        const name = fileDatabaseName(worker)
        expect(name).toMatch(/^acquiring-[a-z]{12}-w\d+$/)
        expect(cardLikeRunsIn(`Creating database ${name}`)).toEqual([])
      }
    }
  })

  it("is a fresh name each time", () => {
    const names = new Set(
      Array.from({ length: 100 }, () => fileDatabaseName("1"))
    )
    expect(names.size).toBe(100)
  })

  it("the scan does take the old hexadecimal shape that failed CI for a card number", () => {
    // the name CI logged, kept as the reason for the letters
    expect(
      cardLikeRunsIn("Creating database acquiring-344573449189-1").map(
        (run) => run.run
      )
    ).toEqual(["344573449189-1"])
  })
})
