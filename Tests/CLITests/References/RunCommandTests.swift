import CLITestSupport
import Foundation
import Testing

/// `vault run`, in-process: what the command's environment holds, what its output shows, what
/// vault exits with.
@Suite("vault run")
struct RunCommandTests {
    private static let github = SampleEntries.github.password
    private static let bank = SampleEntries.bank.password

    /// `vault run -- sh -c script` with `variables` added to vault's environment.
    static func run(
        _ fixture: VaultFixture, _ script: String, options: [String] = [], variables: [String: String?] = [:], stdin: String? = nil
    ) async throws -> VaultResult {
        try await fixture.run(["run"] + options + ["--", "sh", "-c", script], stdin: stdin, environment: variables)
    }

    /// What a file the command wrote holds.
    static func contents(_ path: String) throws -> String {
        try String(contentsOfFile: path, encoding: .utf8)
    }

    @Test("a reference in the environment reaches the command as the secret, masked in its output and errors")
    func resolvesAndMasks() async throws {
        let fixture = try await VaultFixture.withSampleEntries()
        let seen = fixture.path("seen")
        let result = try await Self.run(
            fixture, #"printf %s "$DB|$USER_NAME|$PLAIN" > "$SEEN"; echo "db=$DB"; echo "err:$DB:$USER_NAME" >&2"#,
            variables: ["DB": "vault://web/github", "USER_NAME": "vault://web/github#username", "PLAIN": "plain", "SEEN": seen])
        #expect(result.status == 0, "\(result)")
        #expect(try Self.contents(seen) == "\(Self.github)|octocat|plain")
        #expect(result.stdout == "db=\(ConcealedOutput.marker)\n", "\(result)")
        #expect(result.stderr == "err:\(ConcealedOutput.marker):\(ConcealedOutput.marker)\n", "\(result)")
    }

    @Test("a secret written half to standard output and half to standard error, as a terminal shows them together, is masked in both")
    func masksAcrossStreams() async throws {
        let fixture = try await VaultFixture.withSampleEntries()
        let half = Self.github.count / 2
        // The halves are written one after the other, the first without a newline: read in that
        // order, they are the secret in a row.
        let result = try await Self.run(
            fixture, #"printf 'token: %s' "${DB%"$REST"}"; sleep 0.2; printf '%s\n' "$REST" >&2"#,
            variables: ["DB": "vault://web/github", "REST": String(Self.github.dropFirst(half))])
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout == "token: \(ConcealedOutput.marker)" && result.stderr == "\(ConcealedOutput.marker)\n", "\(result)")
    }

    @Test("environment files add variables; a file beats vault's environment and a later file an earlier one")
    func environmentFiles() async throws {
        let fixture = try await VaultFixture.withSampleEntries()
        let first = try VaultFixture.writeFile(fixture.path("a.env"), """
            # first
            export FROM_FILE=vault://web/github
            BOTH=vault://bank%20account
            PLAIN_FILE="quoted value"
            """)
        let second = try VaultFixture.writeFile(fixture.path("b.env"), "BOTH='vault://web/github#org'\n")
        let seen = fixture.path("seen")
        let result = try await Self.run(
            fixture, #"printf %s "$FROM_FILE|$BOTH|$PLAIN_FILE|$OVERRIDDEN" > "$SEEN""#,
            options: ["--env-file", first, "--env-file", second],
            variables: ["BOTH": "vault://café/ü", "OVERRIDDEN": "vault://bank%20account", "SEEN": seen])
        #expect(result.status == 0, "\(result)")
        #expect(try Self.contents(seen) == "\(Self.github)|example-org|quoted value|\(Self.bank)")

        let broken = try VaultFixture.writeFile(fixture.path("bad.env"), "A=1\nB='s3cret\n")
        expectFailure(try await Self.run(fixture, "true", options: ["--env-file", broken]), status: 64, mentioning: "bad.env:2")
        expectFailure(try await Self.run(fixture, "true", options: ["--env-file", fixture.path("missing.env")]),
                      status: 4, mentioning: "missing.env")
    }

    @Test("--no-masking lets the command print the secret")
    func noMasking() async throws {
        let fixture = try await VaultFixture.withSampleEntries()
        let result = try await Self.run(fixture, #"echo "$DB"; echo "$DB" >&2"#, options: ["--no-masking"],
                                        variables: ["DB": "vault://web/github"])
        #expect(result.status == 0 && result.stdout == Self.github + "\n" && result.stderr == Self.github + "\n", "\(result)")
    }

    @Test("--stdin gives the secret on standard input, not in the environment, and masks it")
    func secretOnStandardInput() async throws {
        let fixture = try await VaultFixture.withSampleEntries()
        let seen = fixture.path("seen")
        let script = #"IFS= read -r line; printf '%s|%s' "$line" "${DB-unset}" > "$SEEN"; echo "$line"; cat"#
        let result = try await Self.run(fixture, script, options: ["--stdin", "DB"],
                                        variables: ["DB": "vault://web/github", "SEEN": seen], stdin: "not for the command\n")
        #expect(result.status == 0, "\(result)")
        #expect(try Self.contents(seen) == "\(Self.github)|unset")
        #expect(result.stdout == ConcealedOutput.marker + "\n", "the command's input is the secret alone: \(result)")

        expectFailure(try await Self.run(fixture, "true", options: ["--stdin", "PLAIN"], variables: ["PLAIN": "x"]),
                      status: 64, mentioning: "--stdin PLAIN")
        expectFailure(try await Self.run(fixture, "true", options: ["--stdin", "NOPE"]), status: 64, mentioning: "NOPE")
    }

    @Test("--stdin --no-masking: the secret on standard input, output not relayed")
    func secretOnStandardInputUnmasked() async throws {
        let fixture = try await VaultFixture.withSampleEntries()
        let result = try await Self.run(fixture, #"IFS= read -r line; echo "$line""#, options: ["--stdin", "DB", "--no-masking"],
                                        variables: ["DB": "vault://web/github"])
        #expect(result.status == 0 && result.stdout == Self.github + "\n", "\(result)")
    }

    @Test("vault exits with the command's status, 128 + N for signal N, 127 for a missing command", arguments: [false, true])
    func exitStatus(withReference: Bool) async throws {
        let fixture = try await VaultFixture.withSampleEntries()
        let variables: [String: String?] = withReference ? ["DB": "vault://web/github"] : [:]
        #expect(try await Self.run(fixture, "echo out; exit 42", variables: variables).status == 42)
        #expect(try await Self.run(fixture, "kill -TERM $$", variables: variables).status == 128 + 15)
        #expect(try await Self.run(fixture, "exit 0", variables: variables).status == 0)

        let missing = try await fixture.run(["run", "--", "no-such-program-xyz"], environment: variables)
        expectFailure(missing, status: 127, mentioning: "no-such-program-xyz")
        expectFailure(try await fixture.run(["run", "--", fixture.path("nowhere/prog")], environment: variables),
                      status: 127, mentioning: "nowhere/prog")
        expectFailure(try await fixture.run(["run", "--", fixture.root], environment: variables), status: 126, mentioning: fixture.root)
        expectUsageError(try await fixture.run(["run"]), mentioning: "command")
    }

    @Test("a command found on $PATH is not a folder of that name", arguments: [false, true])
    func foldersOnPathAreSkipped(withReference: Bool) async throws {
        let fixture = try await VaultFixture.withSampleEntries()
        let folder = fixture.path("bin")
        try FileManager.default.createDirectory(atPath: folder + "/sh", withIntermediateDirectories: true)
        let path = folder + ":" + (fixture.environment["PATH"] ?? "/usr/bin:/bin")
        var variables: [String: String?] = ["PATH": path]
        if withReference { variables["DB"] = "vault://web/github" }
        let result = try await Self.run(fixture, "echo ran", variables: variables)
        #expect(result.status == 0 && result.stdout == "ran\n", "a shell would run /bin/sh: \(result)")
    }
}
