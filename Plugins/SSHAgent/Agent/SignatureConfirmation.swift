/// What the confirmation of one signature shows: the entry, the client program, the host key
/// of the server it logs in to when the client bound the connection to it and the data is that
/// login (`AgentConnectionState.destination(ofSigning:)`), the hosts the agent is forwarded
/// through, and whether a binding was refused.
struct SignatureConfirmation: Equatable {
    let entryName: String
    let client: String
    let destination: String?
    var forwardedThrough: [String] = []
    var bindingRefused = false
}
