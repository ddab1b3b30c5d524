import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// Prints values as pretty, key-sorted JSON on standard output.
public enum JSONOutput {
    public static func print(_ value: some Encodable) throws {
        var data = try EntryJSON.encoder(pretty: true).encode(value)
        data.append(0x0A)
        try StandardStreams.write(data)
    }
}
