/// What a client asks the agent to sign when it logs in with a key (RFC 4252, section 7; OpenSSH's
/// `publickey-hostbound-v00@openssh.com` adds the server's host key): the session identifier
/// and, when the method names it, the server's host key. Any other data (an SSH signature of a
/// file, a challenge) is not one.
struct LoginRequest: Equatable {
    let sessionID: [UInt8]
    let hostKey: [UInt8]?

    /// SSH_MSG_USERAUTH_REQUEST.
    private static let messageType: UInt8 = 50

    init?(_ data: [UInt8]) {
        let read: LoginRequest? = try? data.withUnsafeBytes { bytes in
            var reader = SSHWireReader(bytes)
            let sessionID = Array(try reader.string())
            guard try reader.byte() == Self.messageType else { return nil }
            _ = try reader.string()
            _ = try reader.string()
            let method = try reader.text()
            guard method == "publickey" || method == "publickey-hostbound-v00@openssh.com", try reader.byte() == 1 else { return nil }
            _ = try reader.string()
            _ = try reader.string()
            let hostKey = method == "publickey" ? nil : Array(try reader.string())
            try reader.expectEnd()
            return LoginRequest(sessionID: sessionID, hostKey: hostKey)
        }
        guard let read else { return nil }
        self = read
    }

    private init(sessionID: [UInt8], hostKey: [UInt8]?) {
        self.sessionID = sessionID
        self.hostKey = hostKey
    }
}
