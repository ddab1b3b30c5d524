import NIOCore

/// What the server's first flight showed in plaintext: the ServerHello's version and cipher
/// suite, or the alert it answered with. BoringSSL (and so NIOSSL) tells neither the cipher
/// suite nor why a server refused, so `ServerHelloSniffer` reads them off the wire.
struct ServerHelloFacts: Sendable, Equatable {
    /// The version the server chose: the supported_versions extension for TLS 1.3, otherwise
    /// the ServerHello's legacy version field.
    var version: ProtocolVersion?
    var cipherSuite: CipherSuite?
    /// The description code of an alert the server sent before its ServerHello (70 is
    /// protocol_version, 40 handshake_failure).
    var alert: UInt8?
}

/// An inbound handler placed before the TLS handler, nearer the socket: it passes every byte on
/// untouched and parses the plaintext records until it has seen the ServerHello (skipping a
/// HelloRetryRequest) or an alert, then only passes bytes on. It never buffers more than one
/// record plus one handshake message, each bounded by the record layer's 16 KiB + 2 KiB limit
/// and the handshake length field.
final class ServerHelloSniffer: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer

    private let report: @Sendable (ServerHelloFacts) -> Void
    private var records = ByteBuffer()
    private var handshake = ByteBuffer()
    private var finished = false

    /// The largest record a TLS 1.2 peer may send (2^14 plus 2048 of expansion, RFC 5246 6.2.3).
    static let recordLimit = 16384 + 2048
    /// A ServerHello is small; anything longer is not one worth parsing.
    static let messageLimit = 64 * 1024

    /// The random of a HelloRetryRequest, which TLS 1.3 sends as a ServerHello (RFC 8446 4.1.3).
    private static let helloRetryRandom: [UInt8] = [
        0xCF, 0x21, 0xAD, 0x74, 0xE5, 0x9A, 0x61, 0x11, 0xBE, 0x1D, 0x8C, 0x02, 0x1E, 0x65, 0xB8, 0x91,
        0xC2, 0xA2, 0x11, 0x16, 0x7A, 0xBB, 0x8C, 0x5E, 0x07, 0x9E, 0x09, 0xE2, 0xC8, 0xA8, 0x33, 0x9C,
    ]

    init(report: @escaping @Sendable (ServerHelloFacts) -> Void) {
        self.report = report
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        if !finished {
            var bytes = unwrapInboundIn(data)
            records.writeBuffer(&bytes)
            readRecords()
            // What was read is dropped, so that only the record and message in progress stay.
            records.discardReadBytes()
            handshake.discardReadBytes()
        }
        context.fireChannelRead(data)
    }

    private func readRecords() {
        while !finished, let header = records.getBytes(at: records.readerIndex, length: 5) {
            let type = header[0]
            let length = Int(header[3]) << 8 | Int(header[4])
            guard length <= Self.recordLimit else { return stop() }
            guard records.readableBytes >= 5 + length else { return }
            records.moveReaderIndex(forwardBy: 5)
            var fragment = records.readSlice(length: length)!
            switch type {
            case 21:  // alert: level, description
                if let description = fragment.getInteger(at: fragment.readerIndex + 1, as: UInt8.self) {
                    report(ServerHelloFacts(alert: description))
                }
                return stop()
            case 22:  // handshake
                handshake.writeBuffer(&fragment)
                readHandshakeMessages()
            case 20:  // a ChangeCipherSpec, as TLS 1.3 sends after a HelloRetryRequest (RFC 8446 D.4)
                continue
            default:
                return stop()  // anything else before the ServerHello is not TLS as we know it
            }
        }
    }

    private func readHandshakeMessages() {
        while !finished, let header = handshake.getBytes(at: handshake.readerIndex, length: 4) {
            let length = Int(header[1]) << 16 | Int(header[2]) << 8 | Int(header[3])
            guard length <= Self.messageLimit else { return stop() }
            guard handshake.readableBytes >= 4 + length else { return }
            handshake.moveReaderIndex(forwardBy: 4)
            var body = handshake.readSlice(length: length)!
            guard header[0] == 2 else { return stop() }  // the first message must be a ServerHello
            guard let (facts, isRetry) = Self.parseServerHello(&body) else { return stop() }
            if !isRetry {
                report(facts)
                stop()
            }
        }
    }

    /// The bytes kept for records and a handshake message not yet whole (for tests).
    var bufferedByteCount: Int { records.writerIndex + handshake.writerIndex }

    private func stop() {
        finished = true
        records = ByteBuffer()
        handshake = ByteBuffer()
    }

    /// `legacy_version(2) random(32) session_id<0..32> cipher_suite(2) compression(1)
    /// extensions<0..2^16-1>`; the supported_versions extension (43) carries the real version
    /// in TLS 1.3. Returns nil for a message too short to be a ServerHello.
    static func parseServerHello(_ body: inout ByteBuffer) -> (ServerHelloFacts, isRetry: Bool)? {
        guard let legacyVersion = body.readInteger(as: UInt16.self),
              let random = body.readBytes(length: 32),
              let sessionLength = body.readInteger(as: UInt8.self),
              body.readSlice(length: Int(sessionLength)) != nil,
              let suite = body.readInteger(as: UInt16.self),
              body.readInteger(as: UInt8.self) != nil
        else { return nil }
        var facts = ServerHelloFacts(version: ProtocolVersion(wireValue: legacyVersion), cipherSuite: CipherSuite(id: suite))
        if let length = body.readInteger(as: UInt16.self), var extensions = body.readSlice(length: Int(length)) {
            while let type = extensions.readInteger(as: UInt16.self),
                  let size = extensions.readInteger(as: UInt16.self),
                  var value = extensions.readSlice(length: Int(size)) {
                if type == 43, let version = value.readInteger(as: UInt16.self) {
                    facts.version = ProtocolVersion(wireValue: version)
                }
            }
        }
        return (facts, random == helloRetryRandom)
    }
}
