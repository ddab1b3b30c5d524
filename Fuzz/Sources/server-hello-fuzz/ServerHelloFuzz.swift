import FuzzSupport
import NIOCore
import NIOEmbedded
@testable import TLSAudit

/// The ServerHello sniffer on any bytes a server could send first, read as TCP hands them over:
/// all at once, one byte at a time, and in the pieces the input itself chooses. An input is a
/// count of cuts (its first byte, modulo 16), that many cut positions of two bytes each
/// (big-endian, modulo the stream's length plus one), then the stream. Whatever the pieces, the
/// sniffer passes every byte on unchanged, reports at most once, and reports the same facts;
/// it keeps no more than the record in progress and the handshake bytes of the whole records
/// (at most a message in progress); a reported version or cipher suite is named from its table
/// or by its number in hex (Fuzz/seeds/server-hello/README.md).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzServerHello(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let (stream, cuts) = SniffedStream.split(Fuzzer.bytes(data, size))
    let whole = SniffedStream.sniff(stream, cuts: [])
    Fuzzer.require(whole.count <= 1, "\(whole.count) reports for one connection")
    let pieces = SniffedStream.sniff(stream, cuts: cuts)
    Fuzzer.require(pieces == whole, "in pieces cut at \(cuts): \(pieces), all at once: \(whole)")
    if stream.count <= 512 {
        let bytes = SniffedStream.sniff(stream, cuts: Array(stream.indices.dropFirst()))
        Fuzzer.require(bytes == whole, "byte by byte: \(bytes), all at once: \(whole)")
    }
    if let facts = whole.first { checkNames(facts) }
    return 0
}

/// A version and a suite are told by their name in the table or by their number.
private func checkNames(_ facts: ServerHelloFacts) {
    if let version = facts.version {
        let known: Set<UInt16> = [0x0002, 0x0300, 0x0301, 0x0302, 0x0303, 0x0304]
        Fuzzer.require(known.contains(version.wireValue) || version.name == "version 0x" + SniffedStream.hex(version.wireValue),
                       "version \(version.wireValue) is named \(version.name)")
    }
    if let suite = facts.cipherSuite {
        let name = suite.name
        Fuzzer.require(name.hasPrefix("TLS_") || name == "0x" + SniffedStream.hex(suite.id), "suite \(suite.id) is named \(name)")
        _ = suite.weakness
    }
}

enum SniffedStream {
    /// The stream and the sorted cut positions inside it.
    static func split(_ input: [UInt8]) -> (stream: [UInt8], cuts: [Int]) {
        guard let first = input.first else { return ([], []) }
        let count = Int(first % 16)
        let header = 1 + 2 * count
        guard input.count >= header else { return (Array(input.dropFirst()), []) }
        let stream = Array(input[header...])
        let cuts = (0..<count).map { index in
            (Int(input[1 + 2 * index]) << 8 | Int(input[2 + 2 * index])) % (stream.count + 1)
        }
        return (stream, Array(Set(cuts)).sorted())
    }

    /// What a sniffer reported for `stream` read in pieces ending at `cuts`; every byte must
    /// come out unchanged.
    static func sniff(_ stream: [UInt8], cuts: [Int]) -> [ServerHelloFacts] {
        let reports = Reports()
        let sniffer = ServerHelloSniffer { reports.append($0) }
        let channel = EmbeddedChannel(handler: sniffer)
        var passed: [UInt8] = []
        var start = 0
        for end in cuts.filter({ $0 > 0 && $0 < stream.count }) + [stream.count] where end > start {
            do {
                try channel.writeInbound(ByteBuffer(bytes: stream[start..<end]))
                while var out = try channel.readInbound(as: ByteBuffer.self) { passed += out.readBytes(length: out.readableBytes)! }
            } catch {
                Fuzzer.require(false, "the channel failed: \(error)")
            }
            Fuzzer.require(sniffer.bufferedByteCount <= keptBound(stream[..<end]),
                           "\(sniffer.bufferedByteCount) bytes kept after \(end), more than \(keptBound(stream[..<end]))")
            start = end
        }
        Fuzzer.require(passed == stream, "the sniffer changed the bytes it passed on")
        _ = try? channel.finish()
        return reports.all
    }

    /// The most a sniffer may keep after `read`: the bytes after its last whole record, and
    /// the handshake bytes of the whole records, up to one message and its header.
    static func keptBound(_ read: ArraySlice<UInt8>) -> Int {
        var (offset, handshake) = (read.startIndex, 0)
        while offset + 5 <= read.endIndex {
            let length = Int(read[offset + 3]) << 8 | Int(read[offset + 4])
            guard offset + 5 + length <= read.endIndex else { break }
            if read[offset] == 22 { handshake += length }
            offset += 5 + length
        }
        return read.endIndex - offset + min(handshake, 4 + ServerHelloSniffer.messageLimit)
    }

    static func hex(_ value: UInt16) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: 4 - digits.count) + digits
    }
}

/// The facts the sniffer reported, in order (EmbeddedChannel runs it on this thread).
final class Reports: @unchecked Sendable {
    private(set) var all: [ServerHelloFacts] = []
    func append(_ facts: ServerHelloFacts) { all.append(facts) }
}

@_cdecl("server_hello_fuzz_main")
public func serverHelloFuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    Fuzzer.main(argc, argv, fuzzServerHello)
}
