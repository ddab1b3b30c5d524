/// Answers the agent's requests: lists the keys the source serves, signs with them as the
/// policy allows, records a connection's session bindings, and answers failure to everything
/// else. It holds no key between requests.
struct AgentResponder {
    /// What a sign request is allowed.
    struct Policy: Equatable {
        /// RSA signatures with SHA-1 (`ssh-rsa`) when a client asks for them.
        var allowsSHA1 = false
        /// Each signature asked for through the confirmer.
        var confirmsEachSignature = false
    }

    let keys: any AgentKeySource
    let policy: Policy
    /// Asks whether a signature may be made; false when it is refused or cannot be asked.
    let confirm: (SignatureConfirmation) -> Bool
    /// Told of each request and what came of it, in one line (`--foreground` prints them).
    let log: (String) -> Void

    /// The answer's body (type and contents) to `request` from the client `connection`
    /// describes, whose bindings a session-bind adds to.
    func respond(to request: AgentRequest, on connection: inout AgentConnectionState) -> [UInt8] {
        switch request {
        case .listIdentities:
            return listIdentities(for: connection)
        case .sign(let blob, let data, let flags):
            return sign(data, with: blob, flags: flags, for: connection)
        case .sessionBind(let binding):
            if let refusal = connection.bind(binding) {
                log("\(connection.client): refused a session binding: \(refusal)")
                return AgentAnswer.failure
            }
            log("\(connection.client): bound to host key \(SSHPublicKeyBlob.fingerprint(of: binding.hostKey))\(binding.isForwarding ? ", forwarding" : "")")
            return AgentAnswer.success
        case .queryExtensions:
            return AgentAnswer.extensions([SessionBinding.extensionName])
        case .unsupported(let type, let extensionName):
            log("\(connection.client): refused request \(type)\(extensionName.map { " (\($0))" } ?? ""), which vault's agent does not serve")
            return AgentAnswer.failure
        }
    }

    private func listIdentities(for connection: AgentConnectionState) -> [UInt8] {
        do {
            let identities = try keys.identities()
            log("\(connection.client): listed \(identities.count) key\(identities.count == 1 ? "" : "s")")
            return AgentAnswer.identities(identities)
        } catch {
            log("\(connection.client): listed no keys: \(Self.describe(error))")
            return AgentAnswer.identities([])
        }
    }

    private func sign(_ data: [UInt8], with blob: [UInt8], flags: UInt32, for connection: AgentConnectionState) -> [UInt8] {
        let found: AgentKey
        do {
            guard let key = try keys.key(for: blob) else {
                log("\(connection.client): refused to sign with a key vault does not serve now")
                return AgentAnswer.failure
            }
            found = key
        } catch {
            log("\(connection.client): refused to sign: \(Self.describe(error))")
            return AgentAnswer.failure
        }
        let name = found.identity.entryName
        let algorithm = SSHSignatureAlgorithm(kind: found.identity.publicKey.kind, flags: flags)
        if algorithm == .rsaSHA1 && !policy.allowsSHA1 {
            log("\(connection.client): refused to sign with \(name): the client asked for SHA-1 (ssh-rsa), which the config does not allow")
            return AgentAnswer.failure
        }
        let destination = connection.destination(ofSigning: data)
        if policy.confirmsEachSignature {
            let question = SignatureConfirmation(
                entryName: name, client: connection.client, destination: destination,
                forwardedThrough: connection.forwardedThrough, bindingRefused: connection.bindingRefused)
            guard confirm(question) else {
                log("\(connection.client): signing with \(name) was not confirmed")
                return AgentAnswer.failure
            }
        }
        do {
            let signature = try found.open().signature(of: data, algorithm: algorithm)
            log("\(connection.client): signed with \(name) (\(algorithm.name))\(destination.map { " for host key \($0)" } ?? "")")
            return AgentAnswer.signature(signature)
        } catch {
            log("\(connection.client): could not sign with \(name): \(Self.describe(error))")
            return AgentAnswer.failure
        }
    }

    /// An error in a few words for the log, never with a secret (the errors say none).
    private static func describe(_ error: any Error) -> String {
        (error as? any CustomStringConvertible)?.description ?? "\(type(of: error))"
    }
}
