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

let package = Package(
    name: "vault",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "vault", targets: ["vault"]),
        .library(name: "VaultCore", targets: ["VaultCore"]),
        // For the fuzzer package in Fuzz/ (`make fuzz`).
        .library(name: "PhotoMetadata", targets: ["PhotoMetadata"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        .package(url: "https://github.com/apple/swift-crypto", from: "3.12.3"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-nio-ssl", from: "2.37.6"),
        .package(url: "https://github.com/apple/swift-certificates", from: "1.21.1"),
        .package(url: "https://github.com/apple/swift-asn1", from: "1.7.4"),
        .package(url: "https://github.com/adam-fowler/compress-nio", from: "1.5.0"),
    ],
    targets: [
        .systemLibrary(
            name: "CSodium", pkgConfig: "libsodium", providers: [.apt(["libsodium-dev"])]),
        .systemLibrary(
            name: "CArgon2", pkgConfig: "libargon2", providers: [.apt(["libargon2-dev"])]),
        .systemLibrary(
            name: "CSecret", pkgConfig: "libsecret-1", providers: [.apt(["libsecret-1-dev"])]),
        .target(
            name: "CKeyringShim",
            dependencies: ["CSecret"]),
        .target(name: "CProcessShim"),
        .target(
            name: "VaultCore",
            dependencies: [
                "CSodium", "CArgon2", "CKeyringShim", "CProcessShim",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]),
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
            dependencies: ["VaultCore", .product(name: "ArgumentParser", package: "swift-argument-parser")],
            path: "Plugins/Generator",
            exclude: ["Resources/SOURCES.md"],
            plugins: ["EmbedText"]),
        .target(
            name: "Entropy",
            dependencies: ["VaultCore", .product(name: "ArgumentParser", package: "swift-argument-parser")],
            path: "Plugins/Entropy",
            exclude: ["Resources/SOURCES.md"],
            plugins: ["EmbedText"]),
        .target(
            name: "Breach",
            dependencies: [
                "VaultCore",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "Crypto", package: "swift-crypto"),
            ],
            path: "Plugins/Breach"),
        .target(
            name: "TLSAudit",
            dependencies: [
                "VaultCore",
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
        .target(
            name: "PhotoMetadata",
            dependencies: [
                .product(name: "CompressNIO", package: "compress-nio"),
                .product(name: "NIOCore", package: "swift-nio"),
            ],
            path: "Plugins/EXIF/Metadata"),
        .target(
            name: "EXIF",
            dependencies: ["PhotoMetadata", "VaultCore", .product(name: "ArgumentParser", package: "swift-argument-parser")],
            path: "Plugins/EXIF/Plugin"),
        .executableTarget(
            name: "vault",
            dependencies: [
                "VaultCore",
                "Generator",
                "Entropy",
                "Breach",
                "TLSAudit",
                "EXIF",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]),
        .executableTarget(
            name: "kdf-bench",
            dependencies: ["VaultCore", .product(name: "ArgumentParser", package: "swift-argument-parser")],
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
        .executableTarget(
            name: "fake-hibp",
            dependencies: testServerDependencies + ["SeededRandom", .product(name: "Crypto", package: "swift-crypto")],
            path: "Tests/Servers/FakeHIBP"),
        .executableTarget(
            name: "tls-test-server",
            dependencies: testServerDependencies + [.product(name: "NIOSSL", package: "swift-nio-ssl")],
            path: "Tests/Servers/TLSTestServer"),
        .testTarget(
            name: "VaultCoreTests",
            dependencies: ["VaultCore"]),
        .testTarget(
            name: "GeneratorTests",
            dependencies: ["Generator", "VaultCore", "CSodium"]),
        .testTarget(
            name: "EntropyTests",
            dependencies: ["Entropy"]),
        .testTarget(
            name: "BreachTests",
            dependencies: ["Breach", "VaultCore", "SeededRandom"]),
        .testTarget(
            name: "TLSAuditTests",
            dependencies: [
                "TLSAudit", "VaultCore",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOEmbedded", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
            ]),
        .testTarget(
            name: "PhotoMetadataTests",
            dependencies: ["PhotoMetadata", "SeededRandom"]),
        .testTarget(
            name: "EXIFPluginTests",
            dependencies: ["EXIF", "VaultCore"]),
        .testTarget(
            name: "CLITests",
            dependencies: ["VaultCore", "vault", .product(name: "Crypto", package: "swift-crypto")]),
    ],
    swiftLanguageModes: [.v6]
)
