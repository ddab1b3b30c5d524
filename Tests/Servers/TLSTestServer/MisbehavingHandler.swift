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
            send([22, 3, 3, 0x0F, 0xA0, 2, 0, 0x0F, 0x9C, 3, 3], context: context)
        case .ssl3:
            // ServerHello { version 3.0, random, no session, TLS_RSA_WITH_3DES_EDE_CBC_SHA, no compression }
            let hello: [UInt8] = [3, 0] + [UInt8](repeating: 0x5A, count: 32) + [0, 0x00, 0x0A, 0]
            let message: [UInt8] = [2, 0, 0, UInt8(hello.count)] + hello
            send([22, 3, 0, 0, UInt8(message.count)] + message, context: context)
        case .refuse:
            send([21, 3, 1, 0, 2, 2, 70], context: context)  // fatal protocol_version alert
        }
    }

    private func send(_ bytes: [UInt8], context: ChannelHandlerContext) {
        context.writeAndFlush(wrapOutboundOut(context.channel.allocator.buffer(bytes: bytes)), promise: nil)
    }
}
