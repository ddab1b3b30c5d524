import VaultCLI
import VaultSystem

/// Asks the person whether a signature may be made, as OpenSSH's agent does for a key added
/// with `ssh-add -c`: the program in `SSH_ASKPASS` (else OpenSSH's default, /usr/bin/ssh-askpass,
/// when it is installed) is run with the question as its argument and `SSH_ASKPASS_PROMPT=confirm`;
/// it says yes by exiting 0 and printing nothing or `yes`. No askpass, any other answer, or no
/// answer within `timeoutSeconds`, is no.
struct AskpassConfirmation {
    static let defaultProgram = "/usr/bin/ssh-askpass"
    static let timeoutSeconds = 120.0

    /// The agent's environment, which the askpass gets (its display, its bus).
    let environment: [String: String]

    func ask(_ confirmation: SignatureConfirmation) -> Bool {
        guard let program = program() else { return false }
        var environment = environment
        environment["SSH_ASKPASS_PROMPT"] = "confirm"
        guard let result = try? HelperProcess.run(program, [Self.question(confirmation)], environment: environment,
                                                  captureOutput: 64, timeout: Self.timeoutSeconds),
              result.status == 0 else { return false }
        let answer = result.output?.withUnsafeBytes { String(decoding: $0, as: UTF8.self) } ?? ""
        let trimmed = answer.hasSuffix("\n") ? String(answer.dropLast()) : answer
        return trimmed.isEmpty || trimmed.lowercased() == "yes"
    }

    /// The askpass program: `SSH_ASKPASS` (an absolute path, or a name looked up on PATH), else
    /// OpenSSH's default when it exists.
    private func program() -> String? {
        if let named = environment["SSH_ASKPASS"], !named.isEmpty {
            return named.hasPrefix("/") ? named : ExecutableLookup.find(named, environment: environment)
        }
        return ExternalPlugins.isExecutableFile(Self.defaultProgram) ? Self.defaultProgram : nil
    }

    /// The question shown: the entry, the client and, when known, the server's host key.
    static func question(_ confirmation: SignatureConfirmation) -> String {
        var lines = ["Allow vault's SSH key \(confirmation.entryName) to sign for \(confirmation.client)?"]
        lines.append(confirmation.destination.map { "Server host key: \($0)" }
            ?? "Server: not known (not a login to a server the client named)")
        if !confirmation.forwardedThrough.isEmpty {
            lines.append("Forwarded through: " + confirmation.forwardedThrough.joined(separator: ", "))
        }
        if confirmation.bindingRefused { lines.append("A host this connection named did not check: the hosts above may be incomplete") }
        return lines.joined(separator: "\n")
    }
}
