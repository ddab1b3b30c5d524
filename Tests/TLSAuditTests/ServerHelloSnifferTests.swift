import NIOCore
import NIOEmbedded
import Synchronization
import Testing
@testable import TLSAudit

@Suite("ServerHello sniffer")
struct ServerHelloSnifferTests {
    /// A ServerHello handshake message body.
    static func hello(version: UInt16 = 0x0303, random: [UInt8] = Array(repeating: 7, count: 32), suite: UInt16,
                      supportedVersion: UInt16? = nil) -> [UInt8] {
        var body: [UInt8] = [UInt8(version >> 8), UInt8(version & 0xFF)] + random + [32] + Array(repeating: 1, count: 32)
        body += [UInt8(suite >> 8), UInt8(suite & 0xFF), 0]
        var extensions: [UInt8] = [0x00, 0x17, 0, 0]  // extended_master_secret, empty
        if let supportedVersion { extensions += [0x00, 0x2B, 0, 2, UInt8(supportedVersion >> 8), UInt8(supportedVersion & 0xFF)] }
        body += [UInt8(extensions.count >> 8), UInt8(extensions.count & 0xFF)] + extensions
        return body
    }

    static func message(_ body: [UInt8]) -> [UInt8] {
        [2, 0, UInt8(body.count >> 8), UInt8(body.count & 0xFF)] + body
    }

    static func record(type: UInt8 = 22, _ fragment: [UInt8]) -> [UInt8] {
        [type, 3, 3, UInt8(fragment.count >> 8), UInt8(fragment.count & 0xFF)] + fragment
    }

    /// Feeds `bytes` through a sniffer in `chunks`-sized reads; returns what it reported and
    /// checks that every byte was passed on.
    private func sniff(_ bytes: [UInt8], chunks: Int) throws -> [ServerHelloFacts] {
        let reports = Mutex<[ServerHelloFacts]>([])
        let channel = EmbeddedChannel(handler: ServerHelloSniffer { facts in reports.withLock { $0.append(facts) } })
        var passed: [UInt8] = []
        for start in stride(from: 0, to: bytes.count, by: chunks) {
            try channel.writeInbound(ByteBuffer(bytes: bytes[start..<min(start + chunks, bytes.count)]))
            while var out = try channel.readInbound(as: ByteBuffer.self) { passed += out.readBytes(length: out.readableBytes)! }
        }
        #expect(passed == bytes, "the sniffer must pass every byte on unchanged")
        _ = try channel.finish()
        return reports.withLock { $0 }
    }

    @Test("TLS 1.3: the version comes from supported_versions, split across reads of any size", arguments: [1, 5, 7, 4096])
    func tls13(chunk: Int) throws {
        let bytes = Self.record(Self.message(Self.hello(suite: 0x1301, supportedVersion: 0x0304))) + [23, 3, 3, 0, 1, 0]
        let reports = try sniff(bytes, chunks: chunk)
        #expect(reports == [ServerHelloFacts(version: .tls13, cipherSuite: CipherSuite(id: 0x1301))])
    }

    @Test("a message split over two records, after a HelloRetryRequest, is still found")
    func retryThenHello() throws {
        let retryRandom: [UInt8] = [
            0xCF, 0x21, 0xAD, 0x74, 0xE5, 0x9A, 0x61, 0x11, 0xBE, 0x1D, 0x8C, 0x02, 0x1E, 0x65, 0xB8, 0x91,
            0xC2, 0xA2, 0x11, 0x16, 0x7A, 0xBB, 0x8C, 0x5E, 0x07, 0x9E, 0x09, 0xE2, 0xC8, 0xA8, 0x33, 0x9C,
        ]
        let retry = Self.record(Self.message(Self.hello(random: retryRandom, suite: 0x1302, supportedVersion: 0x0304)))
        let real = Self.message(Self.hello(suite: 0x1303, supportedVersion: 0x0304))
        let bytes = retry + Self.record(Array(real.prefix(10))) + Self.record(Array(real.dropFirst(10)))
        #expect(try sniff(bytes, chunks: 3) == [ServerHelloFacts(version: .tls13, cipherSuite: CipherSuite(id: 0x1303))])
    }

    @Test("records already read are not kept: a thousand ChangeCipherSpec records leave nothing buffered")
    func readBytesDropped() throws {
        let sniffer = ServerHelloSniffer { _ in }
        let channel = EmbeddedChannel(handler: sniffer)
        let changeCipherSpecs = (0..<1_000).flatMap { _ in Self.record(type: 20, [1]) }
        try channel.writeInbound(ByteBuffer(bytes: changeCipherSpecs + Array(Self.record(Self.message(Self.hello(suite: 0x1301))).prefix(20))))
        #expect(sniffer.bufferedByteCount == 20, "only the record in progress")
        _ = try channel.finish(acceptAlreadyClosed: true)
    }

    @Test("TLS 1.0 has its version in the ServerHello itself; an alert first is reported as such")
    func legacyAndAlert() throws {
        let hello = Self.record(Self.message(Self.hello(version: 0x0301, suite: 0xC014)))
        #expect(try sniff(hello, chunks: 100) == [ServerHelloFacts(version: .tls10, cipherSuite: CipherSuite(id: 0xC014))])
        #expect(try sniff(Self.record(type: 21, [2, 70]), chunks: 1) == [ServerHelloFacts(alert: 70)])
    }

    @Test("garbage, an oversized record or a truncated hello reports nothing and passes the bytes on", arguments: [
        Array("HTTP/1.1 400 Bad Request\r\n\r\n".utf8),
        [22, 3, 3, 0xFF, 0xFF, 2],
        ServerHelloSnifferTests.record(ServerHelloSnifferTests.message([3, 3, 1, 2])),
        ServerHelloSnifferTests.record([11, 0, 0, 0]),
    ])
    func nothing(bytes: [UInt8]) throws {
        #expect(try sniff(bytes, chunks: 2).isEmpty)
    }
}
