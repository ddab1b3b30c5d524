import VaultCore
import VaultSystem
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// Prints values as pretty, key-sorted JSON on standard output.
public enum JSONOutput {
    public static func print(_ value: some Encodable, to streams: StandardStreams) throws {
        var data = try EntryJSON.document(value)
        defer { data.resetBytes(in: 0..<data.count) }
        try streams.write(data)
    }
}
