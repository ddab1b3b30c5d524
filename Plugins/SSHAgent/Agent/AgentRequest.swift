/// One request a client sends the agent (draft-miller-ssh-agent; OpenSSH's PROTOCOL.agent for
/// its extensions), read from a message's body (its type byte and contents, without the length).
/// Every request vault does not serve (adding, removing or locking keys, smart cards, unknown
/// extensions) is read as `unsupported`, which is answered with failure.
enum AgentRequest: Equatable {
    /// SSH_AGENTC_REQUEST_IDENTITIES (11).
    case listIdentities
    /// SSH_AGENTC_SIGN_REQUEST (13): the key's blob, the data to sign, the flags.
    case sign(keyBlob: [UInt8], data: [UInt8], flags: UInt32)
    /// OpenSSH's `session-bind@openssh.com` extension: the server's host key, the session
    /// identifier, the host key's signature of it, and whether the connection is forwarded.
    case sessionBind(SessionBinding)
    /// The `query` extension: which extensions the agent serves.
    case queryExtensions
    /// Anything else, by its message type (and extension name).
    case unsupported(type: UInt8, extensionName: String?)

    /// The message types read here.
    enum MessageType {
        static let requestIdentities: UInt8 = 11
        static let signRequest: UInt8 = 13
        static let `extension`: UInt8 = 27
    }

    /// Reads `body`: a message's type and contents.
    init(body: UnsafeRawBufferPointer) throws(SSHWireError) {
        var reader = SSHWireReader(body)
        let type = try reader.byte()
        switch type {
        case MessageType.requestIdentities:
            try reader.expectEnd()
            self = .listIdentities
        case MessageType.signRequest:
            let blob = Array(try reader.string())
            let data = Array(try reader.string())
            let flags = try reader.uint32()
            try reader.expectEnd()
            self = .sign(keyBlob: blob, data: data, flags: flags)
        case MessageType.extension:
            let name = try reader.string()
            if name.elementsEqual(SessionBinding.extensionName.utf8) {
                self = .sessionBind(try SessionBinding(reading: &reader))
            } else if name.elementsEqual("query".utf8) {
                try reader.expectEnd()
                self = .queryExtensions
            } else {
                self = .unsupported(type: type, extensionName: String(decoding: name, as: UTF8.self))
            }
        default:
            self = .unsupported(type: type, extensionName: nil)
        }
    }
}
