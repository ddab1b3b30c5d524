import FuzzSupport
@testable import SSHAgent
import VaultCore

/// The agent's side of one connection on any bytes a client could send (`AgentMessageFraming`,
/// `AgentRequest`, `AgentResponder`), served from one Ed25519 key, unlocked and then locked.
/// Reading stops where the agent would close the connection (a length of 0 or over 256 KiB, a
/// malformed message). Every answer is a failure, a success (to a session binding only), the
/// identities answer (the one key unlocked, none locked), the list of extensions (to `query`)
/// or a signature: only to a sign request naming the served key while unlocked, made with its
/// one algorithm. A connection keeps at most 16 bindings.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSSHAgent(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let stream = Fuzzer.bytes(data, size)
    for locked in [false, true] { serve(stream, locked: locked) }
    return 0
}

private func serve(_ stream: [UInt8], locked: Bool) {
    let keys = OneKey(locked: locked)
    let responder = AgentResponder(keys: keys, policy: AgentResponder.Policy(allowsSHA1: true, confirmsEachSignature: true),
                                   confirm: { _ in true }, log: { _ in })
    var framing = AgentMessageFraming()
    stream.withUnsafeBytes { framing.append($0) }
    var connection = AgentConnectionState(client: "fuzz (pid 1)")
    while let body = try? framing.nextMessage() {
        guard let request = try? body.withUnsafeBytes({ try AgentRequest(body: $0) }) else { return }
        let answer = responder.respond(to: request, on: &connection)
        check(answer, to: request, locked: locked)
        Fuzzer.require(connection.bindings.count <= AgentConnectionState.maximumBindings, "more bindings than kept")
    }
}

private func check(_ answer: [UInt8], to request: AgentRequest, locked: Bool) {
    switch request {
    case .listIdentities:
        Fuzzer.require(answer == AgentAnswer.identities(locked ? [] : [OneKey.identity]), "identities: \(answer)")
    case .sign(let blob, _, _):
        if locked || blob != OneKey.identity.publicKey.bytes {
            Fuzzer.require(answer == AgentAnswer.failure, "signed with a key not served: \(answer)")
            return
        }
        Fuzzer.require(answer.first == 14, "no signature for the served key")
        let signature: (String, Int)? = try? answer.withUnsafeBytes { bytes in
            var reader = SSHWireReader(UnsafeRawBufferPointer(rebasing: bytes[1...]))
            var inner = SSHWireReader(try reader.string())
            try reader.expectEnd()
            let algorithm = try inner.text()
            let length = try inner.string().count
            try inner.expectEnd()
            return (algorithm, length)
        }
        Fuzzer.require(signature.map { $0 == ("ssh-ed25519", 64) } == true, "a signature of another shape: \(answer)")
    case .sessionBind:
        Fuzzer.require(answer == AgentAnswer.success || answer == AgentAnswer.failure, "a binding answered \(answer)")
    case .queryExtensions:
        Fuzzer.require(answer == AgentAnswer.extensions([SessionBinding.extensionName]), "query answered \(answer)")
    case .unsupported:
        Fuzzer.require(answer == AgentAnswer.failure, "an unsupported request answered \(answer)")
    }
}

/// The one key served: a fixed Ed25519 key made by ssh-keygen for this target (it signs nothing
/// anywhere else).
private struct OneKey: AgentKeySource {
    let locked: Bool

    static let file = """
        -----BEGIN OPENSSH PRIVATE KEY-----
        b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtzc2gtZW
        QyNTUxOQAAACBaCNmSeZOujhyuqCw9hrCzeRYeKYKirwgLwm4tXNt18wAAAIh5WU0FeVlN
        BQAAAAtzc2gtZWQyNTUxOQAAACBaCNmSeZOujhyuqCw9hrCzeRYeKYKirwgLwm4tXNt18w
        AAAEDxjAIuzXJBnMwHUHjrOrqdTTJfc9aDpvQEOJcim4f+SloI2ZJ5k66OHK6oLD2GsLN5
        Fh4pgqKvCAvCbi1c23XzAAAABGZ1enoB
        -----END OPENSSH PRIVATE KEY-----
        """
    static let key = try! SSHKeyFile.open(Array(file.utf8).withUnsafeBytes { try SecureBytes(copying: $0) }, passphrase: nil).key
    static let identity = AgentIdentity(publicKey: key.publicKey, entryName: "ssh/fuzz")

    func identities() throws -> [AgentIdentity] {
        guard !locked else { throw SSHKeyFileError.notAKey }
        return [Self.identity]
    }

    func key(for blob: [UInt8]) throws -> AgentKey? {
        guard try identities().first?.publicKey.bytes == blob else { return nil }
        return AgentKey(identity: Self.identity) { Self.key }
    }
}

@_cdecl("ssh_agent_fuzz_main")
public func sshAgentFuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    Fuzzer.main(argc, argv, fuzzSSHAgent)
}
