import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// Prints values as pretty, key-sorted JSON on standard output, with the characters a terminal
/// would act on escaped (`JSONTerminalEscapes`): the decoded values stay exact.
public enum JSONOutput {
    public static func print(_ value: some Encodable) throws {
        var data = try EntryJSON.encoder(pretty: true).encode(value)
        defer { data.resetBytes(in: 0..<data.count) }
        var bytes = JSONTerminalEscapes.escaped([UInt8](data))
        defer { bytes.withUnsafeMutableBytes { _ = memset($0.baseAddress!, 0, $0.count) } }
        bytes.append(0x0A)
        try StandardStreams.write(bytes)
    }
}
