import NIOSSL
import Synchronization

/// What one handshake attempt saw, kept whether it succeeded or not, so that a failed handshake
/// still shows the protocol the server insisted on or the certificates it sent.
struct HandshakeRecord: Sendable {
    var serverHello: ServerHelloFacts?
    /// The certificates exactly as the server sent them, leaf first, unjudged.
    var chain: [NIOSSLCertificate] = []
    /// The version BoringSSL reports once the handshake is complete.
    var negotiatedVersion: ProtocolVersion?

    /// The negotiated version, else what the ServerHello said.
    var version: ProtocolVersion? { negotiatedVersion ?? serverHello?.version }
}

/// A `HandshakeRecord` filled in from the event loop and read afterwards.
final class HandshakeRecorder: Sendable {
    private let record = Mutex(HandshakeRecord())

    func sawServerHello(_ facts: ServerHelloFacts) { record.withLock { $0.serverHello = facts } }
    func sawChain(_ chain: [NIOSSLCertificate]) { record.withLock { $0.chain = chain } }
    func negotiated(_ version: ProtocolVersion?) { record.withLock { $0.negotiatedVersion = version } }
    var current: HandshakeRecord { record.withLock { $0 } }
}
