import NIOCore

/// Plays a `Misbehaviour` on a connection instead of TLS.
final class MisbehavingHandler: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer

    private let misbehaviour: Misbehaviour
    private var answered = false

    init(_ misbehaviour: Misbehaviour) { self.misbehaviour = misbehaviour }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard !answered else { return }
        answered = true
        switch misbehaviour {
        case .garbage:
            let text = "HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\n\r\nthis is not TLS at all\r\n"
            let bound = NIOLoopBound(context, eventLoop: context.eventLoop)
            context.writeAndFlush(wrapOutboundOut(context.channel.allocator.buffer(string: text))).whenComplete { _ in
                bound.value.close(promise: nil)
            }
        case .close:
            context.close(promise: nil)
        case .hang:
            break
        case .stall:
            // A handshake record announcing 4,000 bytes, of which 6 ever come.
            let bytes: [UInt8] = [22, 3, 3, 0x0F, 0xA0, 2, 0, 0x0F, 0x9C, 3, 3]
            context.writeAndFlush(wrapOutboundOut(context.channel.allocator.buffer(bytes: bytes)), promise: nil)
        }
    }
}
