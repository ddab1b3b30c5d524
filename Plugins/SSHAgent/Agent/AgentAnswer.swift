/// The bodies (type and contents) of the agent's answers (draft-miller-ssh-agent, section 6.1).
enum AgentAnswer {
    /// SSH_AGENT_FAILURE (5).
    static let failure: [UInt8] = [5]
    /// SSH_AGENT_SUCCESS (6).
    static let success: [UInt8] = [6]

    /// SSH_AGENT_IDENTITIES_ANSWER (12): the count, then each key's blob and comment.
    static func identities(_ identities: [AgentIdentity]) -> [UInt8] {
        var writer = SSHWireWriter()
        writer.byte(12)
        writer.uint32(UInt32(identities.count))
        for identity in identities {
            writer.string(identity.publicKey.bytes)
            writer.text(identity.entryName)
        }
        return writer.bytes
    }

    /// SSH_AGENT_SIGN_RESPONSE (14): the signature.
    static func signature(_ signature: [UInt8]) -> [UInt8] {
        var writer = SSHWireWriter()
        writer.byte(14)
        writer.string(signature)
        return writer.bytes
    }

    /// The answer to the `query` extension, as OpenSSH's agent gives it and its client reads it:
    /// SSH_AGENT_EXTENSION_RESPONSE (29), the extension's name, then the names of those served.
    static func extensions(_ names: [String]) -> [UInt8] {
        var writer = SSHWireWriter()
        writer.byte(29)
        writer.text("query")
        for name in names { writer.text(name) }
        return writer.bytes
    }
}
