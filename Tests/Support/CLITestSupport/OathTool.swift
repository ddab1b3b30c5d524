import Foundation
import Testing

/// oathtool's code (or codes) for `arguments`: what vault's one-time codes are checked against.
package func oathtool(_ arguments: [String], sourceLocation: SourceLocation = #_sourceLocation) async throws -> String {
    let oathtool = try #require(ExternalProgram.find("oathtool"), "oathtool is not installed (scripts/setup --test installs it)",
                                sourceLocation: sourceLocation)
    let result = try await ExternalProgram.run(oathtool, arguments, environment: [:])
    try #require(result.status == 0, "\(result)", sourceLocation: sourceLocation)
    return result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
}
