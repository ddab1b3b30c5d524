/// Runs the parts of one piece of work at the same time on the processors the platform offers,
/// or one after another. The domain decides what the parts are (`map`); the platform layer
/// says how they run (VaultSystem's `ParallelWork.dispatch`, on libdispatch's threads). Opening
/// a vault of a thousand entries decodes and decrypts them in two halves at once on two
/// processors.
public struct ParallelWork: Sendable {
    /// How many parts are worth making at most: the processors that can run at once (1 when
    /// the work is done serially).
    let width: Int
    /// Calls its second argument with every index below its first and returns once all calls
    /// have returned, possibly at the same time on different threads.
    let run: @Sendable (_ count: Int, _ part: (Int) -> Void) -> Void

    /// Work `width` parts wide, whose parts `runParts` runs: it calls `part(index)` for every
    /// index in `0..<count` and returns once all have returned.
    public init(width: Int, runParts: @escaping @Sendable (_ count: Int, _ part: (Int) -> Void) -> Void) {
        self.width = max(1, width)
        run = runParts
    }

    /// Work done on the calling thread, one part after the other: what a caller that has no
    /// platform at hand (a test, a merge of two files) passes.
    public static let serial = ParallelWork(width: 1) { count, part in
        for index in 0..<count { part(index) }
    }

    /// `transform` of every element of `elements`, in order, made in up to `width` parts of
    /// consecutive elements at once, each of at least `minimumPartLength` elements (below that,
    /// handing a part to another thread costs more than it saves). `transform` may run on
    /// several threads at the same time, so it must write only what belongs to its element.
    /// When it throws, the error is that of the first element that failed, as in a serial `map`.
    func map<Element, Output, Failure: Error>(
        _ elements: [Element], minimumPartLength: Int, _ transform: (Element) throws(Failure) -> Output
    ) throws(Failure) -> [Output] {
        let parts = min(width, elements.count / max(1, minimumPartLength))
        guard parts > 1 else { return try elements.map(transform) }
        var results = [Output?](repeating: nil, count: elements.count)
        var failures = [Failure?](repeating: nil, count: parts)
        results.withUnsafeMutableBufferPointer { results in
            failures.withUnsafeMutableBufferPointer { failures in
                run(parts) { part in
                    let range = Self.range(of: part, among: parts, count: elements.count)
                    do throws(Failure) {
                        for index in range { results[index] = try transform(elements[index]) }
                    } catch {
                        failures[part] = error
                    }
                }
            }
        }
        // Each part stops at its first failure, so the first part that failed holds the error
        // of the first element that did.
        if let failure = failures.lazy.compactMap({ $0 }).first { throw failure }
        return results.map { $0! }
    }

    /// The elements of part `part` of `parts` over `count` elements: consecutive, as even as
    /// they can be, the first parts one longer when `count` does not divide.
    static func range(of part: Int, among parts: Int, count: Int) -> Range<Int> {
        let (length, longer) = count.quotientAndRemainder(dividingBy: parts)
        let start = part * length + min(part, longer)
        return start..<(start + length + (part < longer ? 1 : 0))
    }
}
