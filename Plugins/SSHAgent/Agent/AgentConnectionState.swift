/// What the agent knows of one client connection: who is at the other end (from the socket's
/// peer credentials) and the servers OpenSSH bound it to (`session-bind@openssh.com`).
struct AgentConnectionState {
    /// The client as the log and the confirmation show it: `ssh (pid 1234)`.
    let client: String
    /// The host key fingerprints of the bindings, oldest first (at most `maximumBindings`, as
    /// OpenSSH's agent keeps).
    private(set) var boundHostKeys: [String] = []

    static let maximumBindings = 16

    init(client: String) {
        self.client = client
    }

    /// The server this connection signs for now: the last host key it was bound to.
    var destination: String? { boundHostKeys.last }

    mutating func bind(_ binding: SessionBinding) {
        let fingerprint = SSHPublicKeyBlob.fingerprint(of: binding.hostKey)
        if boundHostKeys.count == Self.maximumBindings { boundHostKeys.removeFirst() }
        boundHostKeys.append(fingerprint)
    }
}
