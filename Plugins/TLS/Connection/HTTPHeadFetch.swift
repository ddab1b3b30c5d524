import NIOCore
import NIOHTTP1

/// The start of an HTTP response: its status and header fields.
struct HTTPResponseSummary: Sendable {
    let status: Int
    let headers: HTTPHeaders

    /// The value of a header field, several fields of one name joined with ", " (RFC 9110 5.3).
    func value(of name: String) -> String? {
        let values = headers[name]
        return values.isEmpty ? nil : values.joined(separator: ", ")
    }
}

extension TLSConnection {
    /// Sends `GET path` over this connection and reads the response's head (the body is not
    /// read), then closes the connection. The request carries no cookie or credential.
    func fetchHead(path: String, hostHeader: String, timeout: Duration) async throws(ConnectionFailure) -> HTTPResponseSummary {
        let seconds = Int(timeout.components.seconds)
        let loop = channel.eventLoop
        let head = loop.makePromise(of: HTTPResponseSummary.self)
        defer { channel.close(promise: nil) }
        do {
            try await loop.submit {
                let pipeline = channel.pipeline.syncOperations
                try pipeline.addHTTPClientHandlers()
                try pipeline.addHandler(ResponseHeadReader(head: head))
            }.get()
            var request = HTTPRequestHead(version: .http1_1, method: .GET, uri: path)
            request.headers.add(name: "Host", value: hostHeader)
            request.headers.add(name: "User-Agent", value: "vault-tls-audit")
            request.headers.add(name: "Accept", value: "*/*")
            request.headers.add(name: "Connection", value: "close")
            channel.write(HTTPClientRequestPart.head(request), promise: nil)
            try await channel.writeAndFlush(HTTPClientRequestPart.end(nil)).get()
            let timer = loop.scheduleTask(in: .seconds(Int64(seconds))) {
                head.fail(ConnectionFailure.http("no HTTP answer within \(seconds) s"))
            }
            defer { timer.cancel() }
            return try await head.futureResult.get()
        } catch let failure as ConnectionFailure {
            throw failure
        } catch {
            head.fail(error)
            throw .http("the HTTP request failed: \(error)")
        }
    }
}

/// Fulfils a promise with the first response head; fails it when the connection ends first.
private final class ResponseHeadReader: ChannelInboundHandler {
    typealias InboundIn = HTTPClientResponsePart
    private let head: EventLoopPromise<HTTPResponseSummary>

    init(head: EventLoopPromise<HTTPResponseSummary>) { self.head = head }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        if case .head(let response) = unwrapInboundIn(data) {
            head.succeed(HTTPResponseSummary(status: Int(response.status.code), headers: response.headers))
        }
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        head.fail(ConnectionFailure.http("the server's HTTP answer was malformed"))
        context.close(promise: nil)
    }

    func channelInactive(context: ChannelHandlerContext) {
        head.fail(ConnectionFailure.http("the server closed the connection without an HTTP answer"))
        context.fireChannelInactive()
    }
}
