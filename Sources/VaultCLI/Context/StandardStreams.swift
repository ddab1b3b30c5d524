import VaultCore
import VaultSystem
import FoundationEssentials
import SystemPackage
#if canImport(Glibc)
import Glibc
#endif

/// Standard input, output and error as three file descriptors, read and written with plain
/// read(2) and write(2): a full disk, a closed descriptor or a folder on standard input is a
/// one-line error (or, for messages on standard error, silently nothing), never a trap. The
/// process's are 0, 1 and 2; a test passes files of its own.
public struct StandardStreams: Sendable {
    /// Standard input: passwords piped in, a backup to import, a batch to check.
    public var input: FileDescriptor
    /// Standard output: the data a command prints.
    public var output: FileDescriptor
    /// Standard error: messages for the person (`Diagnostics`), progress bars, OSC 52.
    public var error: FileDescriptor

    public init(input: FileDescriptor, output: FileDescriptor, error: FileDescriptor) {
        self.input = input
        self.output = output
        self.error = error
    }

    /// Descriptors 0, 1 and 2.
    public static let process = StandardStreams(input: .standardInput, output: .standardOutput, error: .standardError)

    /// Writes `bytes` to standard output, failing with exit code 1 if they cannot all be written.
    public func write(_ bytes: some ContiguousBytes) throws {
        do throws(Errno) {
            try output.writeEvery(bytes)
        } catch {
            throw StoreError.io(path: "standard output", operation: "write to", errno: error.rawValue)
        }
    }

    /// Writes `text` to standard output.
    public func write(_ text: String) throws {
        try write(Array(text.utf8))
    }

    /// Writes `lines`, each followed by a newline, to standard output in one go.
    public func writeLines(_ lines: [String]) throws {
        try write(lines.map { $0 + "\n" }.joined())
    }

    /// Writes a message to standard error; there is nowhere to report a failure of that.
    public func writeError(_ text: String) {
        try? error.writeEvery(Array(text.utf8))
    }

    /// All of standard input.
    public func readAll() throws -> [UInt8] {
        do throws(Errno) {
            return try input.readToEnd()
        } catch {
            throw StoreError.io(path: "standard input", operation: "read", errno: error.rawValue)
        }
    }

    /// Whether standard input is a terminal (rather than a pipe or a file).
    public var inputIsTerminal: Bool { input.isTerminal }
    /// The width of the terminal on standard output, if it is one.
    public var outputColumns: Int? {
        var size = winsize()
        guard ioctl(output.rawValue, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
        return Int(size.ws_col)
    }

    /// Whether standard error is a terminal, where progress and OSC 52 can be shown.
    public var errorIsTerminal: Bool { error.isTerminal }
}
