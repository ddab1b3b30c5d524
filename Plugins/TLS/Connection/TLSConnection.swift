import NIOCore
import NIOPosix
import NIOSSL
import NIOTLS

/// Where to connect and what to offer.
struct ConnectionPlan: Sendable {
    /// Where the TCP connection goes (the target, or `--connect-to`).
    var host: String
    var port: Int
    /// The name sent in SNI; nil for an IP address, which SNI cannot carry (RFC 6066 3).
    var serverName: String?
    var timeout: Duration
    /// Offer nothing newer than this (to see whether the server still accepts old versions).
    var maximumVersion: TLSVersion? = nil
}

/// A completed TLS handshake whose certificates nobody has judged yet: BoringSSL is told to
/// accept any chain (the auditor judges it with swift-certificates, and must see the chain even
/// when it is bad), so the connection must not be used for anything secret.
struct TLSConnection: Sendable {
    let channel: any Channel
    let record: HandshakeRecord

    /// A handshake attempt that failed, with what it saw before failing.
    struct Failure: Error, Sendable {
        let reason: ConnectionFailure
        let record: HandshakeRecord
    }

    /// Connects and handshakes, offering TLS 1.0 to 1.3 (or up to `plan.maximumVersion`).
    static func open(_ plan: ConnectionPlan) async throws(Failure) -> TLSConnection {
        let recorder = HandshakeRecorder()
        let seconds = Int(plan.timeout.components.seconds)
        do {
            let context = try NIOSSLContext(configuration: configuration(plan))
            let loop = MultiThreadedEventLoopGroup.singleton.next()
            let done = loop.makePromise(of: Void.self)
            let connecting = ClientBootstrap(group: loop)
                .connectTimeout(.seconds(Int64(seconds)))
                .channelInitializer { channel in
                    channel.eventLoop.makeCompletedFuture {
                        let handler = try NIOSSLClientHandler(
                            context: context, serverHostname: plan.serverName,
                            customVerificationCallback: { chain, verdict in
                                recorder.sawChain(chain)
                                verdict.succeed(.certificateVerified)
                            })
                        let pipeline = channel.pipeline.syncOperations
                        try pipeline.addHandler(ServerHelloSniffer(report: recorder.sawServerHello))
                        try pipeline.addHandler(handler)
                        try pipeline.addHandler(HandshakeWaiter(done: done))
                    }
                }
                .connect(host: plan.host, port: plan.port)
            let channel: any Channel
            do {
                channel = try await connecting.get()
            } catch {
                done.fail(error)  // never used, but a promise must be completed
                throw error
            }
            let timer = loop.scheduleTask(in: .seconds(Int64(seconds))) {
                done.fail(ConnectionFailure.timedOut(stage: "during the TLS handshake", seconds: seconds))
                channel.close(promise: nil)
            }
            do {
                try await done.futureResult.get()
                timer.cancel()
            } catch {
                timer.cancel()
                try? await channel.close()
                throw error
            }
            recorder.negotiated(try? await channel.nioSSL_tlsVersion().get().map(ProtocolVersion.init))
            return TLSConnection(channel: channel, record: recorder.current)
        } catch {
            throw Failure(reason: ConnectionFailure.from(error, host: plan.host), record: recorder.current)
        }
    }

    /// A client configuration that offers every version BoringSSL has, leaves hostname checks
    /// to the auditor, and whose verification callback records the chain and accepts it.
    private static func configuration(_ plan: ConnectionPlan) -> TLSConfiguration {
        var configuration = TLSConfiguration.makeClientConfiguration()
        configuration.minimumTLSVersion = .tlsv1
        configuration.maximumTLSVersion = plan.maximumVersion
        configuration.certificateVerification = .noHostnameVerification
        return configuration
    }

    func close() async {
        try? await channel.close()
    }
}

/// Completes a promise when NIOSSL reports the handshake done, and fails it when the channel
/// reports an error or closes first.
private final class HandshakeWaiter: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = NIOAny
    private let done: EventLoopPromise<Void>

    init(done: EventLoopPromise<Void>) { self.done = done }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if case TLSUserEvent.handshakeCompleted = event {
            done.succeed()
            context.pipeline.syncOperations.removeHandler(self, promise: nil)
        }
        context.fireUserInboundEventTriggered(event)
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        done.fail(error)
        context.close(promise: nil)
    }

    func channelInactive(context: ChannelHandlerContext) {
        done.fail(ConnectionFailure.closedDuringHandshake)
        context.fireChannelInactive()
    }
}
