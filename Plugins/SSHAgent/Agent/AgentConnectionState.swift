/// What the agent knows of one client connection: who is at the other end (from the socket's
/// peer credentials) and the sessions OpenSSH's client bound it to (`session-bind@openssh.com`),
/// each checked as OpenSSH's agent checks them.
struct AgentConnectionState {
    /// The client as the log and the confirmation show it: `ssh (pid 1234)`.
    let client: String
    /// The bindings, oldest first: hosts the agent is forwarded through, then the one it signs
    /// for.
    private(set) var bindings: [Binding] = []

    /// The most bindings a connection takes (OpenSSH's agent refuses more).
    static let maximumBindings = 16

    /// A session the connection was bound to.
    struct Binding: Equatable {
        let hostKey: [UInt8]
        let sessionID: [UInt8]
        let isForwarding: Bool

        var fingerprint: String { SSHPublicKeyBlob.fingerprint(of: hostKey) }
    }

    init(client: String) {
        self.client = client
    }

    /// The server this connection signs for: the host key of its last binding.
    var destination: String? { bindings.last?.fingerprint }

    /// The hosts the connection is forwarded through, first hop first.
    var forwardedThrough: [String] { bindings.dropLast().map(\.fingerprint) }

    /// Records `binding` after checking it; nil when it is taken, else why it is refused: its
    /// signature is not the host key's, the connection was bound already for a login (not a
    /// forwarding), the session is bound to another host key, or there are too many.
    mutating func bind(_ binding: SessionBinding) -> String? {
        guard SSHSignatureCheck.verifies(binding.signature, of: binding.sessionID, by: binding.hostKey) else {
            return "the host key's signature of the session does not check"
        }
        for earlier in bindings {
            guard earlier.isForwarding else { return "the connection is bound already to a login" }
            if earlier.sessionID == binding.sessionID {
                return earlier.hostKey == binding.hostKey ? nil : "the session is bound already to another host key"
            }
        }
        guard bindings.count < Self.maximumBindings else { return "it has \(Self.maximumBindings) bindings already" }
        bindings.append(Binding(hostKey: binding.hostKey, sessionID: binding.sessionID, isForwarding: binding.isForwarding))
        return nil
    }
}
