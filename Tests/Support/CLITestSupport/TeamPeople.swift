import Testing

/// People who share team vaults: alice, bob and carol (and anyone who joins later, `newcomer`),
/// each a machine of one `SyncWorld` with a HOME of their own (vault, state and config) and
/// their own master password in a file, their personal vault made with the cheap KDF.
package struct TeamPeople {
    package let world: SyncWorld
    package let alice: SyncMachine, bob: SyncMachine, carol: SyncMachine
    /// The path of the one team vault file alice, bob and carol all use when no other is named.
    package var team: String { world.fixture.path("team.json") }

    /// alice, bob and carol, each with a personal vault and no team vault yet.
    package static func make() async throws -> TeamPeople {
        let world = try await SyncWorld.make()
        return TeamPeople(world: world, alice: try await person("alice", in: world), bob: try await person("bob", in: world),
                          carol: try await person("carol", in: world))
    }

    /// A machine of `world` called `name`, with a password file and a personal vault of its own.
    private static func person(_ name: String, in world: SyncWorld) async throws -> SyncMachine {
        let person = try world.machine(name)
        try VaultFixture.writeFile(passwordFile(of: person), "master password of \(name)\n")
        try await person.succeed(["init"] + VaultFixture.cheapKDF, environment: variables(of: person))
        return person
    }

    /// Someone else, `name`, made as alice, bob and carol were.
    package func newcomer(_ name: String) async throws -> SyncMachine {
        try await Self.person(name, in: world)
    }

    /// The file holding `person`'s master password.
    private static func passwordFile(of person: SyncMachine) -> String {
        person.folder + "/password"
    }

    /// What `person`'s commands run with besides the machine's variables: their own password
    /// file, which opens their personal vault (and so the identities that open team vaults).
    package static func variables(of person: SyncMachine) -> [String: String] {
        ["VAULT_PASSWORD_FILE": passwordFile(of: person)]
    }

    /// Runs `vault arguments…` as `person`, with their own password file, on the team vault at
    /// `vault` (the shared `team` when nil).
    package func run(_ person: SyncMachine, _ arguments: [String], vault: String? = nil, stdin: String? = nil) async throws -> VaultResult {
        try await person.vault(arguments + ["--vault", vault ?? team], stdin: stdin, environment: Self.variables(of: person))
    }

    /// `run`, stopping the test unless it exits 0.
    @discardableResult
    package func succeed(
        _ person: SyncMachine, _ arguments: [String], vault: String? = nil, stdin: String? = nil,
        sourceLocation: SourceLocation = #_sourceLocation
    ) async throws -> VaultResult {
        let result = try await run(person, arguments, vault: vault, stdin: stdin)
        try #require(result.status == 0, "\(person.name): \(result)", sourceLocation: sourceLocation)
        return result
    }

    /// `person`'s public identity.
    package func identity(of person: SyncMachine) async throws -> String {
        try #require(try await person.vault(["identity"], environment: Self.variables(of: person)).stdoutLines.first)
    }

    /// alice's new team vault "ops" at `vault` (the shared `team` when nil), alice its only member.
    package func foundTeam(at vault: String? = nil) async throws {
        let made = try await alice.vault(["team", "init", vault ?? team, "--name", "ops", "--me", "alice"], environment: Self.variables(of: alice))
        try #require(made.status == 0, "\(made)")
    }

    /// `member` lets `newcomer` into the team vault at `vault` under the newcomer's machine name.
    package func letIn(_ newcomer: SyncMachine, by member: SyncMachine, vault: String? = nil) async throws {
        try await succeed(member, ["team", "add", try await identity(of: newcomer), "--name", newcomer.name, "--yes"], vault: vault)
    }

    /// A team vault made by alice, with bob added and one entry.
    package static func sharing() async throws -> TeamPeople {
        let people = try await make()
        try await people.foundTeam()
        try await people.succeed(people.alice, ["add", "db/prod"], stdin: "prod-password-1\n")
        try await people.letIn(people.bob, by: people.alice)
        return people
    }
}
