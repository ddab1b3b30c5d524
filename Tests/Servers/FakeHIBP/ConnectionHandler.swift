import NIOCore
import NIOHTTP1

/// Serves the requests of one HTTP/1.1 connection: logs each request, asks the router for the
/// reply, and sends it after the configured latency without blocking the event loop.
///
/// Placed after NIO's server pipeline handler, which hands over one request at a time.
final class ConnectionHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart

    private let router: RequestRouter
    private let log: RequestLog?
    private let latency: TimeAmount
    private var request: HTTPRequestHead?

    init(router: RequestRouter, log: RequestLog?, latency: TimeAmount) {
        self.router = router
        self.log = log
        self.latency = latency
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let head):
            request = head
        case .body:
            break
        case .end:
            guard let head = request else { return }
            request = nil
            handle(head, context: context)
        }
    }

    func errorCaught(context: ChannelHandlerContext, error: Error) {
        context.close(promise: nil)
    }

    private func handle(_ head: HTTPRequestHead, context: ChannelHandlerContext) {
        log?.record(
            method: head.method.rawValue,
            uri: head.uri,
            addPadding: head.headers.first(name: "Add-Padding"),
            apiKey: AccountResponder.keyVerdict(head.headers, expected: router.accounts.apiKey),
            userAgent: head.headers.first(name: "User-Agent"))
        let reply = router.reply(method: head.method, uri: head.uri, headers: head.headers)
        if case .hang = reply { return }
        if latency > .zero {
            context.eventLoop.assumeIsolated().scheduleTask(in: latency) {
                self.send(reply, to: head, context: context)
            }
        } else {
            send(reply, to: head, context: context)
        }
    }

    private func send(_ reply: PlannedReply, to request: HTTPRequestHead, context: ChannelHandlerContext) {
        switch reply {
        case .hang:
            return
        case .close:
            context.close(promise: nil)
        case .respond(let status, let extraHeaders, let body):
            let keepAlive = request.isKeepAlive
            var headers = HTTPHeaders(extraHeaders)
            headers.add(name: "Content-Length", value: String(body.count))
            if !keepAlive {
                headers.add(name: "Connection", value: "close")
            } else if request.version.major == 1 && request.version.minor == 0 {
                headers.add(name: "Connection", value: "keep-alive")
            }
            let head = HTTPResponseHead(version: request.version, status: status, headers: headers)
            context.write(wrapOutboundOut(.head(head)), promise: nil)
            if request.method != .HEAD && !body.isEmpty {
                let buffer = context.channel.allocator.buffer(bytes: body)
                context.write(wrapOutboundOut(.body(.byteBuffer(buffer))), promise: nil)
            }
            let written = context.writeAndFlush(wrapOutboundOut(.end(nil)))
            if !keepAlive {
                written.assumeIsolated().whenComplete { _ in context.close(promise: nil) }
            }
        }
    }
}
