import Testing

/// The shape every failure of `vault` must have: the promised exit status, nothing on standard
/// output, and exactly one line `vault: error: …` on standard error that says what went wrong.
package func expectFailure(
    _ result: VaultResult, status: Int32, mentioning fragments: String...,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    expectFailure(result, status: status, mentioningAll: fragments, sourceLocation: sourceLocation)
}

/// `expectFailure` with the expected fragments of the message as a list.
package func expectFailure(
    _ result: VaultResult, status: Int32, mentioningAll fragments: [String],
    sourceLocation: SourceLocation = #_sourceLocation
) {
    #expect(result.status == status, "\(result)", sourceLocation: sourceLocation)
    #expect(result.stdoutData.isEmpty, "\(result)", sourceLocation: sourceLocation)
    #expect(result.stderrLines.count == 1, "error must be one line: \(result)", sourceLocation: sourceLocation)
    #expect(result.stderr.hasSuffix("\n"), "\(result)", sourceLocation: sourceLocation)
    let line = result.stderrLines.first ?? ""
    #expect(line.hasPrefix("vault: error: "), "\(result)", sourceLocation: sourceLocation)
    for fragment in fragments {
        #expect(line.contains(fragment), "expected \(fragment.debugDescription) in: \(result)", sourceLocation: sourceLocation)
    }
}

/// A usage error found by the argument parser: exit 64, nothing on standard output, and the
/// parser's explanation (which may span several lines, with the usage) on standard error.
package func expectUsageError(
    _ result: VaultResult, mentioning fragment: String, sourceLocation: SourceLocation = #_sourceLocation
) {
    #expect(result.status == 64, "\(result)", sourceLocation: sourceLocation)
    #expect(result.stdoutData.isEmpty, "\(result)", sourceLocation: sourceLocation)
    #expect(result.stderr.contains(fragment), "expected \(fragment.debugDescription) in: \(result)", sourceLocation: sourceLocation)
}
