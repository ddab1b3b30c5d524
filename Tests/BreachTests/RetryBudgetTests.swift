import Testing
@testable import Breach

@Suite("the 429 budget")
struct RetryBudgetTests {
    @Test("the waits of every range come out of one budget for the run, and the one that would exceed it fails")
    func shared() throws {
        let budget = RetryBudget(seconds: 60)
        try budget.spend(30)
        try budget.spend(30)
        #expect(throws: BreachError.rateLimited(waited: 60, asked: 1, budget: 60)) { try budget.spend(1) }
        #expect(BreachError.rateLimited(waited: 60, asked: 1, budget: 60).message.contains("beyond the 60 s budget"))
    }
}
