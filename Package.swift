// swift-tools-version:6.0
import PackageDescription

/// What every local test server (an HTTP server over NIO with a command line) builds on.
let testServerDependencies: [Target.Dependency] = [
    "TestServerSupport",
    .product(name: "ArgumentParser", package: "swift-argument-parser"),
    .product(name: "NIOCore", package: "swift-nio"),
    .product(name: "NIOPosix", package: "swift-nio"),
    .product(name: "NIOHTTP1", package: "swift-nio"),
]

/// How both executables are linked, for their start-up time: the program's own symbols stay out
/// of the dynamic symbol table, which the loader searches for every symbol of every library and
/// which the Swift runtime's dladdr call walks at start; and the tens of thousands of relative
/// relocations of Swift's metadata are packed (DT_RELR, which glibc 2.36 applies; lld writes it,
/// gold cannot), so the loader reads kilobytes of them instead of more than a megabyte.
///
/// And the C++ runtime that Swift's runtime uses is linked in (libstdc++ and libgcc's unwinder):
/// with the C libraries linked statically below, `vault` then loads no shared library but the C
/// library's, where each one costs its mapping, its relocations and its symbol lookups (about
/// 0.6 ms of a 5 ms `get` for libstdc++ alone, measured). The toolchain asks for `-lstdc++`
/// itself, so the linker is pointed first at a folder whose `libstdc++.so` is a linker script
/// naming the archive (BuildTools/StaticCXX). In release builds only: a debug build runs on the
/// shared Swift runtime, which loads the shared C++ runtime anyway, and two would then be in the
/// process.
let startUpLinkerSettings: [LinkerSetting] = [
    .unsafeFlags(["-use-ld=lld", "-Xlinker", "--no-export-dynamic", "-Xlinker", "-z", "-Xlinker", "pack-relative-relocs"]),
    .unsafeFlags(["-L", Context.packageDirectory + "/BuildTools/StaticCXX", "-Xclang-linker", "-static-libgcc"],
                 .when(configuration: .release)),
]

/// How the modules of `vault` are compiled, for its start-up time: the metadata of a generic type
/// is asked of its accessor with the conformances the compiler already knows, rather than made
/// from the type's mangled name, which has the runtime search every protocol conformance of the
/// binary the first time (half a million instructions each; a cached `get` made four of them,
/// measured with callgrind). The compiler makes this choice itself for older runtimes.
let startUpSwiftSettings: [SwiftSetting] = [
    .unsafeFlags(["-Xfrontend", "-disable-concrete-type-metadata-mangled-name-accessors"]),
]

let package = Package(
    name: "vault",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "vault", targets: ["vault"]),
        .library(name: "VaultCore", targets: ["VaultCore"]),
        .library(name: "VaultSystem", targets: ["VaultSystem"]),
        // For the fuzzer package in Fuzz/ (`make fuzz`), with VaultCore and VaultSystem.
        .library(name: "PhotoMetadata", targets: ["PhotoMetadata"]),
        .library(name: "Interchange", targets: ["Interchange"]),
        .library(name: "Breach", targets: ["Breach"]),
        .library(name: "TLSAudit", targets: ["TLSAudit"]),
        .library(name: "SSHAgent", targets: ["SSHAgent"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        // 4.x imports FoundationEssentials where it can (3.x imports all of Foundation, and with
        // it ICU's data, into every binary that uses it).
        .package(url: "https://github.com/apple/swift-crypto", from: "4.5.2"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-nio-ssl", from: "2.37.6"),
        .package(url: "https://github.com/apple/swift-certificates", from: "1.21.1"),
        .package(url: "https://github.com/apple/swift-asn1", from: "1.7.4"),
        .package(url: "https://github.com/apple/swift-system", from: "1.8.1"),
    ],
    targets: [
        // libsodium, libkeyutils and zlib are linked from their static archives (Debian's -dev
        // packages hold them), each by the target that uses it, so that `vault` loads no shared
        // library of theirs at start (see startUpLinkerSettings; docs/architecture.md says what
        // that means for security updates).
        .systemLibrary(name: "CSodium"),
        // libargon2, opened at run time (see argon2_library.h).
        .target(name: "CArgon2Library"),
        .systemLibrary(
            name: "CSecret", pkgConfig: "libsecret-1", providers: [.apt(["libsecret-1-dev"])]),
        .systemLibrary(name: "CKeyutils"),
        // The Secret Service through libsecret, opened at run time (see secret_library.h).
        .target(name: "CKeyringShim"),
        .target(name: "CProcessShim"),
        .systemLibrary(
            name: "CLibXML2", pkgConfig: "libxml-2.0", providers: [.apt(["libxml2-dev"])]),
        // libxml2's streaming reader, opened at run time (see xml_library.h).
        .target(name: "CXMLLibrary"),
        .systemLibrary(name: "CZlib"),
        // zlib's inflate with a size limit, for ZIP members and PNG text (nothing else of zlib).
        .target(
            name: "Inflate", dependencies: ["CZlib"], swiftSettings: startUpSwiftSettings,
            linkerSettings: [.linkedLibrary(":libz.a")]),
        // The domain: crypto, the file format, entries, changes and merges, one-time passwords,
        // secret references, and the policy that turns a header into keys. No Glibc, no
        // processes, no files (scripts/check-imports holds it to that).
        .target(
            name: "VaultCore",
            dependencies: [
                "CSodium", "CArgon2Library",
                // HMAC-SHA-1 for one-time passwords (libsodium has no SHA-1).
                .product(name: "Crypto", package: "swift-crypto"),
            ],
            swiftSettings: startUpSwiftSettings,
            linkerSettings: [.linkedLibrary(":libsodium.a")]),
        // The domain's system side: the vault file and its lock, the keyrings, sync's git, the
        // child relay of `vault run`, and the platform layer under them. It knows nothing of the
        // command line: what it writes into git's config or runs comes from the caller.
        .target(
            name: "VaultSystem",
            dependencies: [
                "VaultCore", "CSodium", "CKeyringShim", "CKeyutils", "CProcessShim",
                .product(name: "SystemPackage", package: "swift-system"),
            ],
            swiftSettings: startUpSwiftSettings,
            linkerSettings: [.linkedLibrary(":libkeyutils.a")]),
        // Other password managers' files: imports from them, exports to them.
        .target(
            name: "Interchange",
            dependencies: [
                "VaultCore", "VaultSystem", "CXMLLibrary", "Inflate",
                .product(name: "SystemPackage", package: "swift-system"),
            ],
            swiftSettings: startUpSwiftSettings),
        // The command-line kit on top: options, terminal, output, clipboard, the plugin protocol.
        .target(
            name: "VaultCLI",
            dependencies: [
                "VaultCore", "VaultSystem",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "SystemPackage", package: "swift-system"),
            ],
            swiftSettings: startUpSwiftSettings),
        // Data files (word lists) become Swift at build time: embed-text, run by this plugin.
        .executableTarget(
            name: "embed-text",
            path: "BuildTools/EmbedText"),
        .plugin(
            name: "EmbedText",
            capability: .buildTool(),
            dependencies: ["embed-text"],
            path: "BuildTools/EmbedTextPlugin"),
        .target(
            name: "Generator",
            dependencies: ["VaultCore", "VaultSystem", "VaultCLI", .product(name: "ArgumentParser", package: "swift-argument-parser")],
            path: "Plugins/Generator",
            exclude: ["Resources/SOURCES.md"],
            swiftSettings: startUpSwiftSettings,
            plugins: ["EmbedText"]),
        .target(
            name: "Entropy",
            dependencies: ["VaultCore", "VaultSystem", "VaultCLI", .product(name: "ArgumentParser", package: "swift-argument-parser")],
            path: "Plugins/Entropy",
            exclude: ["Resources/SOURCES.md"],
            swiftSettings: startUpSwiftSettings,
            plugins: ["EmbedText"]),
        .target(
            name: "Breach",
            dependencies: [
                "VaultCore", "VaultSystem", "VaultCLI",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "SystemPackage", package: "swift-system"),
            ],
            path: "Plugins/Breach"),
        .target(
            name: "TLSAudit",
            dependencies: [
                "VaultCore", "VaultSystem", "VaultCLI",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOTLS", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "X509", package: "swift-certificates"),
                .product(name: "SwiftASN1", package: "swift-asn1"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "_CryptoExtras", package: "swift-crypto"),
            ],
            path: "Plugins/TLS"),
        // The SSH agent (`vault ssh-agent`) and SSH key files; RSA is swift-crypto's
        // _CryptoExtras, and encrypted PKCS#8 is read with SwiftASN1, neither of which `vault`
        // carries.
        .target(
            name: "SSHAgent",
            dependencies: [
                "VaultCore", "VaultSystem", "VaultCLI",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "_CryptoExtras", package: "swift-crypto"),
                .product(name: "SwiftASN1", package: "swift-asn1"),
                .product(name: "SystemPackage", package: "swift-system"),
            ],
            path: "Plugins/SSHAgent"),
        .target(
            name: "PhotoMetadata",
            dependencies: ["Inflate"],
            path: "Plugins/EXIF/Metadata",
            swiftSettings: startUpSwiftSettings),
        .target(
            name: "EXIF",
            dependencies: ["PhotoMetadata", "VaultCore", "VaultSystem", "VaultCLI", .product(name: "ArgumentParser", package: "swift-argument-parser")],
            path: "Plugins/EXIF/Plugin",
            swiftSettings: startUpSwiftSettings),
        // The core commands, the root command, the plugins that need no network library, and the
        // program that runs them: everything the `vault` executable runs, as a library that tests
        // run in-process.
        .target(
            name: "VaultCommands",
            dependencies: [
                "VaultCore", "VaultSystem", "VaultCLI", "Interchange",
                "Generator",
                "Entropy",
                "EXIF",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "SystemPackage", package: "swift-system"),
            ],
            swiftSettings: startUpSwiftSettings),
        // The whole program: VaultCommands with the plugins that go on the network (breach, tls),
        // whose libraries (SwiftNIO, the HTTP client, X.509) stay out of `vault` itself.
        .target(
            name: "VaultNetwork",
            dependencies: [
                "VaultCommands", "VaultCLI", "Breach", "TLSAudit", "SSHAgent",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]),
        // The executable: builds the context from the process and runs VaultCommands, handing
        // what needs a network plugin to vault-network.
        .executableTarget(
            name: "vault",
            dependencies: ["VaultCommands", "VaultCLI"],
            swiftSettings: startUpSwiftSettings,
            linkerSettings: startUpLinkerSettings),
        // The companion: the whole program, which `vault` runs (replacing itself) for `breach`,
        // `tls`, `audit`, `plugins`, help, and `add`/`edit --check-breach`.
        .executableTarget(
            name: "vault-network",
            dependencies: ["VaultNetwork", "VaultCommands", "VaultCLI"],
            linkerSettings: startUpLinkerSettings),
        .executableTarget(
            name: "kdf-bench",
            dependencies: ["VaultCore", "VaultSystem", "VaultCLI", .product(name: "ArgumentParser", package: "swift-argument-parser")],
            path: "Benchmarks/KDFBench"),
        .executableTarget(
            name: "entropy-bench",
            dependencies: ["Entropy", .product(name: "ArgumentParser", package: "swift-argument-parser")],
            path: "Benchmarks/EntropyBench"),
        .target(
            name: "TestServerSupport",
            path: "Tests/Servers/Support"),
        .target(
            name: "SeededRandom",
            path: "Tests/Support/SeededRandom"),
        .target(
            name: "KeyringDoubles",
            dependencies: ["VaultCore", "VaultSystem"],
            path: "Tests/Support/KeyringDoubles"),
        // What the command tests build on: a private vault per test (VaultFixture) whose commands
        // run in-process or as the binary, and the programs, servers, terminals and daemons
        // around them.
        .target(
            name: "CLITestSupport",
            dependencies: [
                "VaultCore", "VaultSystem", "VaultCLI", "VaultCommands", "VaultNetwork", "KeyringDoubles",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "SystemPackage", package: "swift-system"),
            ],
            path: "Tests/Support/CLITestSupport"),
        // Compares the parts of libsecret, GLib and libxml2 that vault declares itself (it opens
        // them at run time) with the installed headers.
        .target(
            name: "CLibraryABICheck",
            dependencies: ["CSecret", "CLibXML2"],
            path: "Tests/Support/CLibraryABICheck"),
        .executableTarget(
            name: "fake-hibp",
            dependencies: testServerDependencies + ["SeededRandom", .product(name: "Crypto", package: "swift-crypto")],
            path: "Tests/Servers/FakeHIBP"),
        .executableTarget(
            name: "tls-test-server",
            dependencies: testServerDependencies + [.product(name: "NIOSSL", package: "swift-nio-ssl")],
            path: "Tests/Servers/TLSTestServer"),
        // Runs a program with the kernel keyring blocked by seccomp, for the fallback tests.
        .executableTarget(
            name: "deny-keyctl",
            path: "Tests/Tools/DenyKeyctl"),
        .testTarget(
            name: "VaultCoreTests",
            dependencies: ["VaultCore", "SeededRandom"]),
        .testTarget(
            name: "VaultSystemTests",
            dependencies: ["VaultCore", "VaultSystem", "SeededRandom", "CLibraryABICheck", "KeyringDoubles"]),
        .testTarget(
            name: "InterchangeTests",
            dependencies: ["Interchange", "Inflate", "VaultCore", "VaultSystem", "SeededRandom"]),
        .testTarget(
            name: "VaultCLITests",
            dependencies: ["VaultCLI", "VaultCore", "VaultSystem", "SeededRandom"]),
        .testTarget(
            name: "GeneratorTests",
            dependencies: [
                "Generator", "VaultCore", "VaultSystem", "VaultCLI", "CSodium",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]),
        .testTarget(
            name: "EntropyTests",
            dependencies: ["Entropy", "VaultCore", "VaultSystem", "VaultCLI"]),
        .testTarget(
            name: "BreachTests",
            dependencies: ["Breach", "VaultCore", "VaultSystem", "VaultCLI", "SeededRandom"]),
        .testTarget(
            name: "TLSAuditTests",
            dependencies: [
                "TLSAudit", "VaultCore", "VaultSystem", "VaultCLI",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOEmbedded", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
            ]),
        .testTarget(
            name: "SSHAgentTests",
            dependencies: [
                "SSHAgent", "VaultCore", "VaultCLI",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "_CryptoExtras", package: "swift-crypto"),
            ]),
        .testTarget(
            name: "PhotoMetadataTests",
            dependencies: ["PhotoMetadata", "SeededRandom"]),
        .testTarget(
            name: "EXIFPluginTests",
            dependencies: ["EXIF", "VaultCore", "VaultSystem", "VaultCLI"]),
        // The commands in-process, with the real git, gpg, keepassxc-cli and local servers but no
        // D-Bus or X display; "vault" is built for the helpers git runs (the merge driver).
        .testTarget(
            name: "CLITests",
            dependencies: ["VaultCore", "VaultSystem", "VaultCLI", "VaultCommands", "VaultNetwork", "vault", "vault-network", "SeededRandom", "KeyringDoubles",
                "CLITestSupport",
                .product(name: "SystemPackage", package: "swift-system"),
            ]),
        // What needs the binary as a process of its own: signals, kills, concurrent commands, a
        // pseudo-terminal, resource limits, external plugins, real shells, and the session's
        // daemons (the Secret Service on D-Bus, the X clipboard).
        .testTarget(
            name: "EndToEndTests",
            dependencies: ["VaultCore", "VaultSystem", "VaultCLI", "vault", "vault-network", "CLITestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)
