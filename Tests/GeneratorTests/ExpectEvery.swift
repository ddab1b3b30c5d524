import Testing

/// Expects every one of many samples to meet `condition`, recording one issue that counts the
/// samples that do not and shows the first, rather than one issue per sample.
func expectEvery<Sample>(
    _ samples: [Sample], _ requirement: String, sourceLocation: SourceLocation = #_sourceLocation,
    _ condition: (Sample) -> Bool
) {
    let failing = samples.filter { !condition($0) }
    if let first = failing.first {
        Issue.record("\(failing.count) of \(samples.count) samples fail: \(requirement); the first: \(show(first))",
                     sourceLocation: sourceLocation)
    }
}

/// A sample as a message shows it: a password's bytes as text.
private func show<Sample>(_ sample: Sample) -> String {
    if let bytes = sample as? [UInt8] { return String(decoding: bytes, as: UTF8.self).debugDescription }
    return String(describing: sample).debugDescription
}
