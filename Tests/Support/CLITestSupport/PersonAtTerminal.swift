import Foundation
import SystemPackage
import VaultCLI
#if canImport(Glibc)
import Glibc
#endif

extension VaultFixture {
    /// Runs `arguments` in-process with `person` at the context's terminal and, when
    /// `onTerminal`, a pseudo-terminal as standard input (so that the command sees a person
    /// there too, and asks rather than reads a pipe).
    package func run(
        _ arguments: [String], person: ScriptedTerminal, onTerminal: Bool = false, environment: [String: String?] = [:]
    ) async throws -> VaultResult {
        var input: FileDescriptor?
        var master: Int32 = -1
        if onTerminal {
            let (opened, slave) = try PseudoTerminal.open()
            master = opened
            input = try FileDescriptor.open(slave, .readWrite, options: [FileDescriptor.OpenOptions(rawValue: O_NOCTTY), .closeOnExec])
        }
        defer {
            try? input?.close()
            if master >= 0 { close(master) }
        }
        return try await run(arguments, environment: environment) { context in
            context.terminal = person.access
            if let input { context.streams.input = input }
        }
    }
}
