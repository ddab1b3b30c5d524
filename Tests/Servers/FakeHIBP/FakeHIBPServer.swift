import NIOCore
import NIOHTTP1
import NIOPosix

/// The listening server: an event loop group and the bound server channel.
struct FakeHIBPServer {
    let group: MultiThreadedEventLoopGroup
    let channel: Channel

    /// The port actually bound (useful when asked for port 0).
    var port: Int { channel.localAddress?.port ?? 0 }

    /// Binds to host:port and starts serving; each connection gets its own `ConnectionHandler`.
    static func start(
        host: String, port: Int, router: RequestRouter, log: RequestLog?, latency: TimeAmount
    ) throws -> FakeHIBPServer {
        let group = MultiThreadedEventLoopGroup(numberOfThreads: System.coreCount)
        let bootstrap = ServerBootstrap(group: group)
            .serverChannelOption(.backlog, value: 1024)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelOption(.maxMessagesPerRead, value: 16)
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    let pipeline = channel.pipeline.syncOperations
                    try pipeline.configureHTTPServerPipeline(withPipeliningAssistance: true, withErrorHandling: true)
                    try pipeline.addHandler(ConnectionHandler(router: router, log: log, latency: latency))
                }
            }
        do {
            let channel = try bootstrap.bind(host: host, port: port).wait()
            return FakeHIBPServer(group: group, channel: channel)
        } catch {
            try? group.syncShutdownGracefully()
            throw error
        }
    }

    /// Blocks until the server channel is closed, then closes every connection and stops the loops.
    func waitUntilClosed() throws {
        try channel.closeFuture.wait()
        try group.syncShutdownGracefully()
    }

    /// Stops accepting connections, which ends `waitUntilClosed`.
    func stop() {
        channel.close(promise: nil)
    }
}
