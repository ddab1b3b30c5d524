import CLITestSupport
import Foundation
import Testing

/// libsecret (with GLib), libxml2 and libargon2 are opened when a command needs them, not at
/// start (Sources/CKeyringShim/secret_library.h, Sources/CXMLLibrary, Sources/CArgon2Library): a
/// get whose key the kernel keyring holds loads none of them, whatever its entries' names; a
/// lookup in the Secret Service loads libsecret, and a password typed loads libargon2. Where one
/// of them is unusable (here a stand-in without its functions, found first through
/// LD_LIBRARY_PATH), only its feature says so, and the rest works. Real processes: what a process
/// loads is the point.
@Suite("Libraries opened on use", .enabled(if: ProcessInfo.processInfo.environment["VAULT_TEST_KEYRING"] == "unlocked",
                                           "needs the unlocked keyring of scripts/with-keyring"))
struct RuntimeLibraryTests {
    /// The paths of the libraries a run loaded, from the dynamic loader's trace (LD_DEBUG=libs).
    private func loadedPaths(_ result: VaultResult) -> [String] {
        result.stderrLines.compactMap { line in
            line.range(of: "calling init: ").map { String(line[$0.upperBound...]) }
        }
    }

    /// The file names of the libraries a run loaded.
    private func loaded(_ result: VaultResult) -> Set<String> {
        Set(loadedPaths(result).map { ($0 as NSString).lastPathComponent })
    }

    private static let optional = ["libsecret", "libglib", "libgio", "libgobject", "libgcrypt", "libxml2", "libargon2"]
    /// The libraries vault links statically (the C++ runtime only in release builds, which
    /// these tests do not run).
    private static let linkedIn = ["libsodium", "libkeyutils", "libz."]

    @Test("a get whose key the kernel holds loads neither libsecret, GLib, libxml2 nor libargon2, also for a name that is not ASCII; a Secret Service lookup loads libsecret, a typed password libargon2")
    func kernelHitLoadsNoOptionalLibrary() async throws {
        let fixture = try await VaultFixture.initialized(keyring: .system)
        try await fixture.add("entry", password: "entry-pw")
        try await fixture.add("caf\u{E9}/m\u{FC}nchen", password: "umlaut-pw")
        let traced: [String: String?] = ["LD_DEBUG": "libs"]
        for (name, password) in [("entry", "entry-pw"), ("cafe\u{301}/mu\u{308}nchen", "umlaut-pw")] {
            let get = try await fixture.succeed(["get", name], environment: traced)
            #expect(get.stdout == password + "\n", "\(get)")
            let libraries = loaded(get)
            #expect(libraries.contains { $0.hasPrefix("libc.so") }, "LD_DEBUG showed no libraries: \(get.stderr.prefix(500))")
            #expect(!libraries.contains { library in Self.optional.contains { library.hasPrefix($0) } }, "\(name): \(libraries.sorted())")
            // Linked in, never loaded (Package.swift).
            #expect(!libraries.contains { library in Self.linkedIn.contains { library.hasPrefix($0) } }, "\(name): \(libraries.sorted())")
        }

        try await KernelKeys.invalidate(vaultID: try fixture.vaultID())
        let refill = try await fixture.succeed(["get", "entry"], environment: traced)
        #expect(refill.stdout == "entry-pw\n")
        #expect(loaded(refill).contains { $0.hasPrefix("libsecret") }, "the Secret Service was asked without libsecret")

        let typed = try await fixture.succeed(["get", "entry", "--no-keyring"], environment: traced)
        #expect(typed.stdout == "entry-pw\n")
        #expect(loaded(typed).contains { $0.hasPrefix("libargon2") }, "a key was derived without libargon2")
    }

    @Test("with a libsecret, a libxml2 and a libargon2 that lack their functions, the Secret Service, XML imports and a typed password say why, and nothing else changes")
    func unusableLibrariesAffectOnlyTheirFeature() async throws {
        let fixture = try await VaultFixture.initialized(keyring: .system)
        try await fixture.add("entry", password: "entry-pw")
        // Stand-ins: a real shared library (libm, which vault loads at start) under the names
        // vault opens, so that dlopen succeeds and dlsym finds none of their functions.
        let standIns = fixture.path("stand-ins")
        try FileManager.default.createDirectory(atPath: standIns, withIntermediateDirectories: true)
        let version = try await fixture.succeed(["--version"], environment: ["LD_DEBUG": "libs"])
        let libm = try #require(loadedPaths(version).first { ($0 as NSString).lastPathComponent.hasPrefix("libm.so") },
                                "vault --version loaded no libm: \(version.stderr.prefix(500))")
        let file = (libm as NSString).resolvingSymlinksInPath
        for name in ["libsecret-1.so.0", "libxml2.so.16", "libargon2.so.1"] {
            try FileManager.default.copyItem(atPath: file, toPath: standIns + "/" + name)
        }
        let broken: [String: String?] = ["LD_LIBRARY_PATH": standIns]

        #expect(try await fixture.succeed(["get", "entry"], environment: broken).stdout == "entry-pw\n")
        let typed = try await fixture.run(["get", "entry", "--no-keyring"], environment: broken)
        #expect(typed.status == 1 && typed.stdout.isEmpty
                && typed.stderr == "vault: error: Argon2id key derivation failed: libargon2.so.1 has no argon2_ctx\n", "\(typed)")
        let service = try await fixture.keyringReport("Secret Service", environment: broken)
        #expect(service["available"] as? Bool == false
                && service["detail"] as? String == "libsecret-1.so.0 has no g_bus_get_sync", "\(service)")

        let xml = try VaultFixture.writeFile(fixture.path("export.xml"), """
            <?xml version="1.0" encoding="UTF-8"?>
            <KeePassFile><Root><Group><Name>Root</Name>
            <Entry><String><Key>Title</Key><Value>imported</Value></String>
            <String><Key>Password</Key><Value>xml-pw</Value></String></Entry>
            </Group></Root></KeePassFile>
            """)
        let refused = try await fixture.run(["import", "--format", "keepass-xml", xml], environment: broken)
        #expect(refused.status == 6 && refused.stderr == "vault: error: cannot read XML: libxml2 has no xmlReaderForMemory; nothing was imported\n",
                "\(refused)")
        #expect(try await fixture.succeed(["list"]).stdout == "entry\n")

        try await fixture.succeed(["import", "--format", "keepass-xml", xml])
        #expect(try await fixture.succeed(["get", "imported"]).stdout == "xml-pw\n")
    }
}
