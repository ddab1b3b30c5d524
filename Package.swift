// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "vault",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "vault", targets: ["vault"]),
        .library(name: "VaultCore", targets: ["VaultCore"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
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
        .target(
            name: "VaultCore",
            dependencies: [
                "CSodium", "CArgon2", "CKeyringShim",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]),
        .target(
            name: "Generator",
            dependencies: ["VaultCore", .product(name: "ArgumentParser", package: "swift-argument-parser")],
            path: "Plugins/Generator"),
        .target(
            name: "Entropy",
            dependencies: ["VaultCore", .product(name: "ArgumentParser", package: "swift-argument-parser")],
            path: "Plugins/Entropy"),
        .executableTarget(
            name: "vault",
            dependencies: [
                "VaultCore",
                "Generator",
                "Entropy",
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
            name: "CLITests",
            dependencies: ["VaultCore", "vault"]),
    ],
    swiftLanguageModes: [.v6]
)
