/// What the confirmation of one signature shows: the entry, the client program and, when the
/// client bound the connection to a server, that server's host key fingerprint and the hosts
/// the agent is forwarded through.
struct SignatureConfirmation: Equatable {
    let entryName: String
    let client: String
    let destination: String?
    var forwardedThrough: [String] = []
}
