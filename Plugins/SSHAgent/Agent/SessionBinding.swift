/// What OpenSSH's client tells the agent of the server it talks to (`session-bind@openssh.com`,
/// PROTOCOL.agent): the host key's blob, the session identifier and the host key's signature of
/// it, and whether the agent is being forwarded to that host.
struct SessionBinding: Equatable {
    static let extensionName = "session-bind@openssh.com"

    let hostKey: [UInt8]
    let sessionID: [UInt8]
    let signature: [UInt8]
    let isForwarding: Bool

    init(reading reader: inout SSHWireReader) throws(SSHWireError) {
        hostKey = Array(try reader.string())
        sessionID = Array(try reader.string())
        signature = Array(try reader.string())
        let forwarding = try reader.byte()
        guard forwarding <= 1 else { throw .unexpectedValue }
        isForwarding = forwarding == 1
        try reader.expectEnd()
    }
}
