import NIOCore
import NIOHTTP1

/// The site behind the TLS: answers every request with the configured headers, or with a
/// redirect for the paths that have one, then closes the connection.
final class SiteHandler: ChannelInboundHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart

    private let headers: [(String, String)]
    private let redirects: [String: String]

    init(headers: [(String, String)], redirects: [String: String]) {
        self.headers = headers
        self.redirects = redirects
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard case .head(let request) = unwrapInboundIn(data) else { return }
        var response = HTTPHeaders()
        let status: HTTPResponseStatus
        if let location = redirects[request.uri] {
            status = .movedPermanently
            response.add(name: "Location", value: location)
        } else {
            status = .ok
            for (name, value) in headers { response.add(name: name, value: value) }
        }
        let body = context.channel.allocator.buffer(string: "vault tls test server\n")
        response.add(name: "Content-Type", value: "text/plain")
        response.add(name: "Content-Length", value: String(body.readableBytes))
        response.add(name: "Connection", value: "close")
        context.write(wrapOutboundOut(.head(HTTPResponseHead(version: request.version, status: status, headers: response))), promise: nil)
        context.write(wrapOutboundOut(.body(.byteBuffer(body))), promise: nil)
        let bound = NIOLoopBound(context, eventLoop: context.eventLoop)
        context.writeAndFlush(wrapOutboundOut(.end(nil))).whenComplete { _ in bound.value.close(promise: nil) }
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        context.close(promise: nil)
    }
}
