/// What the agent knows of one client connection: who is at the other end (from the socket's
/// peer credentials) and the sessions OpenSSH's client bound it to (`session-bind@openssh.com`),
/// each checked as OpenSSH's agent checks them.
struct AgentConnectionState {
    /// The client as the log and the confirmation show it: `ssh (pid 1234)`.
    let client: String
    /// The bindings, oldest first: hosts the agent is forwarded through, then (for a login) the
    /// server it signs for.
    private(set) var bindings: [Binding] = []
    /// Whether a binding was refused: the hosts known may then be incomplete.
    private(set) var bindingRefused = false

    /// The most bindings a connection takes, and the longest session identifier (OpenSSH's
    /// agent's limits).
    static let maximumBindings = 16
    static let maximumSessionIDLength = 128

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

    /// The hosts the agent is forwarded through to this client, first hop first.
    var forwardedThrough: [String] { bindings.filter(\.isForwarding).map(\.fingerprint) }

    /// The host key of the server a signature of `data` logs in to: the connection's last
    /// binding, for a login (not a forwarding), when `data` is a login to that very session
    /// (its session identifier, and the host key it names if it names one). Nil otherwise:
    /// the client did not say, or `data` is no login to the host it bound.
    func destination(ofSigning data: [UInt8]) -> String? {
        guard let last = bindings.last, !last.isForwarding, let login = LoginRequest(data), login.sessionID == last.sessionID,
              login.hostKey.map({ $0 == last.hostKey }) ?? true else { return nil }
        return last.fingerprint
    }

    /// Records `binding` after checking it; nil when it is taken, else why it is refused: its
    /// signature is not the host key's (or of a key vault cannot check, such as a certificate),
    /// the connection was bound already for a login (not a forwarding), the session is bound to
    /// another host key, the session identifier is too long, or there are too many.
    mutating func bind(_ binding: SessionBinding) -> String? {
        let refusal = refusal(of: binding)
        if refusal != nil {
            bindingRefused = true
        } else if !bindings.contains(where: { $0.sessionID == binding.sessionID }) {
            bindings.append(Binding(hostKey: binding.hostKey, sessionID: binding.sessionID, isForwarding: binding.isForwarding))
        }
        return refusal
    }

    private func refusal(of binding: SessionBinding) -> String? {
        guard binding.sessionID.count <= Self.maximumSessionIDLength else { return "its session identifier is too long" }
        guard SSHSignatureCheck.verifies(binding.signature, of: binding.sessionID, by: binding.hostKey) else {
            return "the host key's signature of the session does not check (or is of a key vault does not check)"
        }
        for earlier in bindings {
            guard earlier.isForwarding else { return "the connection is bound already to a login" }
            if earlier.sessionID == binding.sessionID {
                return earlier.hostKey == binding.hostKey ? nil : "the session is bound already to another host key"
            }
        }
        guard bindings.count < Self.maximumBindings else { return "it has \(Self.maximumBindings) bindings already" }
        return nil
    }
}
