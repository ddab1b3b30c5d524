/// Runs work for many inputs at once, at most `limit` at a time, and returns the results in
/// input order: enough parallel processes to use the machine, not so many that they starve.
package func concurrentMap<Input: Sendable, Output: Sendable>(
    _ inputs: [Input], limit: Int, _ body: @escaping @Sendable (Input) async throws -> Output
) async throws -> [Output] {
    try await withThrowingTaskGroup(of: (Int, Output).self) { group in
        var results = [Output?](repeating: nil, count: inputs.count)
        var next = 0
        func launch() {
            let index = next
            let input = inputs[index]
            group.addTask { (index, try await body(input)) }
            next += 1
        }
        while next < min(limit, inputs.count) { launch() }
        while let (index, output) = try await group.next() {
            results[index] = output
            if next < inputs.count { launch() }
        }
        return results.map { $0! }
    }
}
